/**
 * The known key a misspelt one most likely meant (`comand` → `command`), so
 * a config error can say "did you mean". Edit distance (a swap of two
 * neighbours counts as one edit), allowing one edit per three characters:
 * close enough to be a typo, not a different word.
 */
export function nearKey(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase())
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: `agrs` is one from `args`. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}

/** `line L column C` of a character offset in `text`, as editors count (from 1). */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset))
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `line ${line} column ${column}`
}
