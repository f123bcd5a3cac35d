/**
 * Two leaderboards compared field by field: "did the same inputs give the same numbers?".
 *
 * Every leaf of the two files is compared, except the fields that say when and how this run ran rather than what
 * it measured (TIMING_FIELDS below, documented in docs/explanation/reproducibility.md). Tasks pair by their
 * stable key (file, id, agent, trial) and agents by name, so a difference names the task, not an array index;
 * the order of `tasks[]` and `agents[]` is compared too, as a field of its own, because the files must be the
 * same bytes apart from those fields.
 */

/** One field that differs: its path, and its value on each side (`undefined`: absent). */
interface FieldDifference {
  path: string
  base: unknown
  head: unknown
}

export interface FieldComparison {
  /** Leaves compared (ignored ones not counted). */
  compared: number
  differences: FieldDifference[]
}

/**
 * Fields left out of the comparison, by the name of the field (any depth) or by a path from a task record, an
 * agent row or the file's top. Timings move with the machine; the judge's spend fields say whether a reply was
 * paid for in this run or served from the judge cache or a cassette, which a second run of the same inputs
 * changes by design. Nothing that scores a task is on the list.
 */
const TIMING_FIELDS: readonly string[] = [
  // When the run ran.
  'generatedAt',
  // How long things took, wherever they are.
  'durationMs',
  'startedAt',
  'avgDurationMs',
  'timing',
  'latency',
  // What the judge cost this run (replies from the judge cache or a cassette cost nothing): tokens and dollars.
  'judgeTokens',
  'judgeCachedTokens',
  'tokens.judge',
  'tokens.judgeCached',
  'judge.cached',
  'judge.cacheHits',
  'judge.usage',
  'judge.cachedUsage',
  'referenceJudge.cached',
  'referenceJudge.cacheHits',
  'referenceJudge.usage',
  'referenceJudge.cachedUsage',
  'cost.judgeUsd',
  'cost.totalUsd',
]

const byName = new Set(TIMING_FIELDS.filter((f) => !f.includes('.')))
const byPath = TIMING_FIELDS.filter((f) => f.includes('.'))

function ignored(path: string[]): boolean {
  const last = path.at(-1)
  if (last !== undefined && byName.has(last)) return true
  // A dotted entry matches the end of a path: `cost.judgeUsd` is the file's, each task's and each agent's.
  return byPath.some((p) => {
    const parts = p.split('.')
    return parts.length <= path.length && parts.every((part, i) => path[path.length - parts.length + i] === part)
  })
}

interface Keyed {
  key: string
  value: unknown
}

/** The stable key of a task record or an agent row, as it shows in a difference's path. */
function keyOf(array: 'tasks' | 'agents', item: unknown): string {
  const o = (item ?? {}) as Record<string, unknown>
  if (array === 'agents') return `agent=${String(o.agent)}`
  return `${String(o.file)} > ${String(o.id)} [${String(o.agent)}#${String(o.trial)}]`
}

export function compareFields(base: unknown, head: unknown): FieldComparison {
  const out: FieldComparison = { compared: 0, differences: [] }
  walk(base, head, [], [], out)
  return out
}

function walk(a: unknown, b: unknown, path: string[], shown: string[], out: FieldComparison): void {
  if (path.length > 0 && ignored(path)) return
  const top = path.length === 1 && (path[0] === 'tasks' || path[0] === 'agents') ? (path[0] as 'tasks' | 'agents') : null
  if (top && Array.isArray(a) && Array.isArray(b)) return keyedArrays(top, a, b, out)
  if (isObject(a) && isObject(b)) {
    for (const key of union(Object.keys(a), Object.keys(b))) walk(a[key], b[key], [...path, key], [...shown, key], out)
    // Key order is part of the bytes written.
    if (Object.keys(a).join('\u0000') !== Object.keys(b).join('\u0000'))
      differ(out, [...shown, '(key order)'], Object.keys(a), Object.keys(b))
    return
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(a[i], b[i], path, [...shown.slice(0, -1), `${shown.at(-1) ?? ''}[${i}]`], out)
    if (a.length !== b.length) differ(out, [...shown, 'length'], a.length, b.length)
    return
  }
  out.compared++
  // As written: numbers by their shortest round-trip spelling, so 0.5729166666666666 and …665 differ.
  if (typeof a !== typeof b || JSON.stringify(a) !== JSON.stringify(b)) differ(out, shown, a, b)
}

function keyedArrays(array: 'tasks' | 'agents', a: unknown[], b: unknown[], out: FieldComparison): void {
  const index = (items: unknown[]): Keyed[] => items.map((value) => ({ key: keyOf(array, value), value }))
  const left = index(a)
  const right = new Map(index(b).map((k) => [k.key, k.value]))
  const leftKeys = new Set(left.map((k) => k.key))
  for (const { key, value } of left) {
    if (!right.has(key)) {
      differ(out, [`${array}[${key}]`], 'present', undefined)
      continue
    }
    walk(value, right.get(key), [array, key], [`${array}[${key}]`], out)
  }
  for (const key of right.keys()) if (!leftKeys.has(key)) differ(out, [`${array}[${key}]`], undefined, 'present')
  const order = (items: Keyed[]) => items.map((k) => k.key)
  const [oa, ob] = [order(left), order(index(b))]
  out.compared++
  if (oa.join('\u0000') !== ob.join('\u0000')) {
    const at = oa.findIndex((k, i) => k !== ob[i])
    differ(out, [`${array} (order, first at index ${at})`], oa[at], ob[at])
  }
}

function differ(out: FieldComparison, shown: string[], base: unknown, head: unknown): void {
  out.differences.push({ path: shown.join('.'), base, head })
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])]
}

/** The comparison in a few lines: the count, then the first `limit` differing fields with both values. */
export function formatFieldComparison(result: FieldComparison, names: { base: string; head: string }, limit = 20): string {
  if (result.differences.length === 0) {
    return `Same numbers: ${result.compared} fields compared, none differs (timing and judge-spend fields left out: ${TIMING_FIELDS.join(', ')}).\n`
  }
  const show = (v: unknown) => (v === undefined ? '(absent)' : cutTo(JSON.stringify(v), 120))
  const lines = result.differences.slice(0, limit).map((d) => `- ${d.path}: ${show(d.base)} → ${show(d.head)}`)
  const more = result.differences.length > limit ? [`… and ${result.differences.length - limit} more`] : []
  return [
    `${result.differences.length} of ${result.compared} fields differ between ${names.base} and ${names.head} (timing and judge-spend fields left out):`,
    ...lines,
    ...more,
    '',
  ].join('\n')
}

function cutTo(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
