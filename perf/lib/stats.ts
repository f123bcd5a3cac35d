/** Small helpers shared by the perf scripts: robust summaries and paste-ready Markdown. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function markdownTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  align: readonly ('l' | 'r')[] = [],
): string {
  const rule = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'))
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
export const ratio = (x: number, base: number) => `${(x / base).toFixed(2)}×`
export const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`

/** A share of the machine's CPU time stolen by its hypervisor (process-tree.ts), as a percentage. */
export const stealPercent = (share: number): string => (Number.isNaN(share) ? '?' : `${Math.round(share * 100)}%`)

/** How much of the machine's CPU its hypervisor gave to other guests during the runs: a quiet machine shows 0–2%. */
export function stealNote(shares: readonly number[]): string {
  const known = shares.filter((s) => !Number.isNaN(s))
  if (!known.length) return 'CPU steal unknown'
  return `CPU steal by the hypervisor ${stealPercent(Math.min(...known))}–${stealPercent(Math.max(...known))} of the machine's time (a quiet machine: 0–2%)`
}
