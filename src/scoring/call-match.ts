import { stableStringify } from '../lib/stable-json.ts'
import type { CallMatchInput, ReferenceCall } from '../contracts/task-spec.ts'
import type { ToolCallRecord } from '../contracts/trajectory.ts'

/**
 * Tool-call precision, recall and F1 of an agent's calls against the
 * reference plan. Calls pair up by qualified tool (`server.tool`) and, when
 * the task asks, by arguments. Order does not matter and repeated calls form
 * a multiset: each reference call pairs with at most one agent call and the
 * other way round, and the pairing is a maximum one (with a numeric tolerance
 * "equal" is not transitive, so first-come pairing could undercount).
 *
 * Nothing to measure is null, not 0: without reference calls all three are
 * null; when the agent made no calls precision is null while recall and F1
 * are 0, since it missed everything.
 */
export interface CallMatch {
  /** Matched agent calls / agent calls. */
  precision: number | null
  /** Matched reference calls / reference calls. */
  recall: number | null
  /** 2·matched / (agent calls + reference calls): the harmonic mean of the two, and 0 when the agent made no calls. */
  f1: number | null
  matched: Array<{ reference: ReferenceCall; call: ToolCallRecord }>
  /** Reference calls that no agent call matched, in plan order. */
  missed: ReferenceCall[]
  /** Agent calls that matched no reference call, in the order they were made. */
  extra: ToolCallRecord[]
  agentCalls: number
  referenceCalls: number
}

export function matchCalls(
  calls: readonly ToolCallRecord[],
  reference: readonly ReferenceCall[] | undefined,
  options: CallMatchInput = {},
): CallMatch {
  const refs = reference ?? []
  const compare = options.args === 'exact'
  const tolerant = compare && Boolean(options.tolerance || options.relativeTolerance)
  const close = closeness(options.tolerance ?? 0, options.relativeTolerance ?? 0)
  // Candidates are grouped by tool, and for exact arguments by their canonical JSON too,
  // so only a numeric tolerance needs value-by-value comparison.
  const keyOf = (tool: string, args: unknown) => (compare && !tolerant ? `${tool}\u0000${stableStringify(args)}` : tool)
  const byKey = new Map<string, number[]>()
  refs.forEach((ref, j) => {
    const key = keyOf(ref.tool, ref.args)
    const same = byKey.get(key)
    if (same) same.push(j)
    else byKey.set(key, [j])
  })
  const fits = calls.map((call) => {
    const tool = qualifiedTool(call)
    const candidates = tool === null ? [] : (byKey.get(keyOf(tool, call.args)) ?? [])
    return tolerant ? candidates.filter((j) => sameValue(call.args, refs[j]!.args, close)) : candidates
  })
  const owner = maximumMatching(fits, refs.length)

  const matched = owner.flatMap((i, j) => (i === undefined ? [] : [{ reference: refs[j]!, call: calls[i]! }]))
  const taken = new Set(owner)
  const n = matched.length
  return {
    precision: refs.length === 0 || calls.length === 0 ? null : n / calls.length,
    recall: refs.length === 0 ? null : n / refs.length,
    f1: refs.length === 0 ? null : (2 * n) / (calls.length + refs.length),
    matched,
    missed: refs.filter((_, j) => owner[j] === undefined),
    extra: calls.filter((_, i) => !taken.has(i)),
    agentCalls: calls.length,
    referenceCalls: refs.length,
  }
}

/** `server.tool` of a call; a call the catalog did not know names no server, so it matches nothing. */
function qualifiedTool(call: ToolCallRecord): string | null {
  return call.valid && call.server !== null && call.tool !== null ? `${call.server}.${call.tool}` : null
}

type Close = (a: number, b: number) => boolean

function closeness(absolute: number, relative: number): Close {
  return (a, b) => a === b || Math.abs(a - b) <= Math.max(absolute, relative * Math.max(Math.abs(a), Math.abs(b)))
}

/** Deep equality of parsed JSON: object keys in any order, arrays in order, numbers within the tolerance. */
export function sameValue(a: unknown, b: unknown, close: Close = (x, y) => x === y): boolean {
  if (typeof a === 'number' && typeof b === 'number') return close(a, b)
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i], close))
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k], close))
  }
  return a === b
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Kuhn's augmenting paths over "agent call i fits reference call j". Each
 * call first takes a free fitting reference, in plan order, so plain cases
 * pair the earliest calls; only when none is free does it try to move an
 * earlier pairing along. Returns, per reference call, the index of its call.
 */
function maximumMatching(fits: number[][], references: number): Array<number | undefined> {
  const owner: Array<number | undefined> = new Array(references).fill(undefined)
  let free = references
  const augment = (i: number, seen: Set<number>): boolean => {
    for (const j of fits[i]!) {
      if (seen.has(j)) continue
      seen.add(j)
      if (owner[j] === undefined || augment(owner[j]!, seen)) {
        owner[j] = i
        return true
      }
    }
    return false
  }
  for (let i = 0; i < fits.length && free > 0; i++) {
    const open = fits[i]!.find((j) => owner[j] === undefined)
    if (open !== undefined) owner[open] = i
    else if (!augment(i, new Set())) continue
    free -= 1
  }
  return owner
}
