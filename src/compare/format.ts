/** Number formats shared by the comparison's Markdown and the gate's messages. */

/** A rate as a percentage with one decimal; '–' for none. */
export const formatRate = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`)

/** A 0–1 score with three decimals; '–' for none. */
export const formatScore = (x: number | null) => (x === null ? '–' : x.toFixed(3))

/** A change with its sign, `scale`d first (100 for points); one that rounds to zero has none, so no "-0.000". */
export function formatChange(x: number, digits: number, scale = 1): string {
  const text = Math.abs(x * scale).toFixed(digits)
  return Number(text) === 0 ? text : `${x < 0 ? '-' : '+'}${text}`
}

/** A confidence level as a percentage: 0.95 → "95%", 0.975 → "97.5%". */
export const formatLevel = (c: number) => `${+(c * 100).toFixed(2)}%`
