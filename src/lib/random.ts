/**
 * A small seeded PRNG for reproducible prompt shuffling.
 *
 * The seed string is folded into 32 bits with FNV-1a and a final avalanche
 * (so near-identical seeds such as "task#0" and "task#1" diverge at once),
 * and numbers are drawn with mulberry32. Not for cryptography.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units, followed by a murmur3-style finaliser. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A generator of floats in [0, 1), fully determined by the seed. */
export function createRng(seed: string | number): () => number {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed)
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A shuffled copy (Fisher–Yates); the input is left as it was. */
export function shuffled<T>(items: readonly T[], rng: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    const tmp = out[i]!
    out[i] = out[j]!
    out[j] = tmp
  }
  return out
}

/** The seed string for one judge sample: the same task and sample index always give the same prompt. */
export function sampleSeed(taskId: string, sampleIndex: number, extra?: string | number): string {
  return extra === undefined ? `${taskId}#${sampleIndex}` : `${taskId}#${sampleIndex}#${extra}`
}
