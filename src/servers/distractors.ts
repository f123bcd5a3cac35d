/**
 * MCP-Bench adds unrelated servers to each task so the agent must pick the
 * right tools from a noisy catalog. The draw is seeded by the task id: the
 * same task always gets the same distractors, on any machine.
 */
export function drawDistractors(taskId: string, pool: string[], count: number, exclude: string[]): string[] {
  const candidates = [...new Set(pool)].filter((s) => !exclude.includes(s)).sort()
  const random = mulberry32(hashString(taskId))
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!]
  }
  return candidates.slice(0, count)
}

export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
