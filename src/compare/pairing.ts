/**
 * Pairing two runs' task records by (id, agent, trial): the pairs every
 * paired comparison reads. Pure, no I/O.
 */

/** Record fields that identify one run of one task. */
export interface PairKey {
  id: string
  agent: string
  trial: number
}

export interface Pair<T> extends PairKey {
  base: T
  head: T
}

export interface Pairing<T> {
  pairs: Pair<T>[]
  /** Records of the base run with no counterpart in head, and the reverse. */
  onlyInBase: T[]
  onlyInHead: T[]
}

/** The pairing key; JSON keeps ids with any characters apart. */
export function pairKey(r: PairKey): string {
  return JSON.stringify([r.agent, r.id, r.trial])
}

/**
 * Pairs two runs' records by (id, agent, trial), in the head run's order.
 * Each run must hold every key at most once (the caller validates that, where
 * it can name the file).
 */
export function pairRecords<T extends PairKey>(base: readonly T[], head: readonly T[]): Pairing<T> {
  const byKey = new Map(base.map((r) => [pairKey(r), r]))
  const matched = new Set<string>()
  const pairs: Pair<T>[] = []
  const onlyInHead: T[] = []
  for (const h of head) {
    const key = pairKey(h)
    const b = byKey.get(key)
    if (b === undefined) onlyInHead.push(h)
    else {
      matched.add(key)
      pairs.push({ id: h.id, agent: h.agent, trial: h.trial, base: b, head: h })
    }
  }
  return { pairs, onlyInBase: base.filter((b) => !matched.has(pairKey(b))), onlyInHead }
}
