import type { JudgeResult } from '../contracts/judge-result.ts'
import type { Trajectory } from '../contracts/trajectory.ts'
import { coveredTime, tokenCost } from './formulas.ts'
import { priceFor, type Prices } from '../contracts/prices.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'

/**
 * What one task cost and where its time went, from its trajectory and its
 * judge results: the agent's tokens and dollars, the judge's apart, and the
 * task's wall time split into model time and tool time.
 */

type Tokens = TaskRecord['tokens']

const NO_TOKENS: Tokens = { prompt: 0, completion: 0, total: 0 }

interface Priced {
  usd: number | null
  unknown: string[]
}

/**
 * What some tokens of one model cost: the model's price in the table (its exact id, or its family for a
 * dated snapshot: priceFor) times the tokens (tokenCost); null when the table has no price for it. The one
 * pricing rule: the agent's turns, the judge's samples and `mcp-bench synth`'s requests are all priced here.
 */
export function modelCost(model: string, usage: { promptTokens: number; completionTokens: number }, prices: Prices): number | null {
  const price = priceFor(model, prices)
  return price ? tokenCost(usage, price) : null
}

/**
 * The agent's cost: the sum over its model turns of each turn's tokens at
 * its model's price. A turn with tokens whose price cannot be known (no
 * price for its model, no model named, no usage reported) makes the cost
 * null, never a smaller number: a partial sum would read as the real one.
 * A task with no model turns (the reference agent) cost nothing.
 */
export function agentCost(trajectory: Trajectory | null, prices: Prices): Priced {
  if (!trajectory) return { usd: null, unknown: ['no trajectory was recorded'] }
  let usd = 0
  const unknown = new Set<string>()
  for (const turn of trajectory.turns) {
    if (!turn.usage) {
      unknown.add(`${turn.model ? `model "${turn.model}"` : 'a model turn'} reported no token usage`)
      continue
    }
    if (turn.usage.promptTokens + turn.usage.completionTokens === 0) continue
    if (!turn.model) {
      unknown.add('a model turn did not say which model answered')
      continue
    }
    const cost = modelCost(turn.model, turn.usage, prices)
    if (cost === null) unknown.add(`no price for model "${turn.model}"`)
    else usd += cost
  }
  return { usd: unknown.size ? null : usd, unknown: [...unknown] }
}

/** The judges' cost (the configured judge and the pass-fail judge), priced by the judge model. */
export function judgeCost(results: ReadonlyArray<JudgeResult | null>, prices: Prices): Priced {
  let usd = 0
  const unknown = new Set<string>()
  for (const r of results) {
    if (!r || r.kind === 'not-judged' || r.usage.promptTokens + r.usage.completionTokens === 0) continue
    const cost = modelCost(r.model, r.usage, prices)
    if (cost === null) unknown.add(`no price for judge model "${r.model}"`)
    else usd += cost
  }
  return { usd: unknown.size ? null : usd, unknown: [...unknown] }
}

/** Judge tokens answered from the cache: reported apart, neither counted as spent nor priced. */
export function judgeCachedTokens(results: ReadonlyArray<JudgeResult | null>): number {
  return results.reduce((n, r) => n + (r && r.kind !== 'not-judged' ? (r.cachedUsage?.totalTokens ?? 0) : 0), 0)
}

/** Judge tokens spent in this run (the cache's replies are in judgeCachedTokens). */
export function judgeTokens(results: ReadonlyArray<JudgeResult | null>): Tokens {
  const out = { ...NO_TOKENS }
  for (const r of results) {
    if (!r || r.kind === 'not-judged') continue
    out.prompt += r.usage.promptTokens
    out.completion += r.usage.completionTokens
    out.total += r.usage.totalTokens
  }
  return out
}

export function agentTokens(trajectory: Trajectory | null): Tokens {
  if (!trajectory) return { ...NO_TOKENS }
  const u = trajectory.usage
  return { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens }
}

/**
 * Where the agent's wall time went: model time is the time covered by its
 * model requests, tool time the time covered by its tool calls (requests or
 * calls that overlap count once), each also as a share of the task's
 * duration. Turns recorded before they carried `startedAt` are taken as back
 * to back. The judge's time is apart: it is not the agent's.
 */
export function taskTiming(trajectory: Trajectory | null, judges: ReadonlyArray<JudgeResult | null>): TaskRecord['timing'] {
  const judgeMs = judges.reduce((ms, r) => ms + (r && r.kind !== 'not-judged' ? r.durationMs : 0), 0)
  if (!trajectory) return { modelMs: null, toolMs: null, modelShare: null, toolShare: null, judgeMs }
  const turns = trajectory.turns
  const modelMs = turns.every((t) => t.startedAt !== undefined)
    ? coveredTime(turns.map((t) => ({ start: t.startedAt!, duration: t.durationMs })))
    : turns.reduce((ms, t) => ms + t.durationMs, 0)
  const toolMs = coveredTime(trajectory.calls.map((c) => ({ start: c.startedAt, duration: c.durationMs })))
  // Rounding to 0.1 ms can push a share a hair past 1; the shares are of the same clock.
  const share = (ms: number) => (trajectory.durationMs > 0 ? Math.min(1, ms / trajectory.durationMs) : null)
  return { modelMs: round1(modelMs), toolMs: round1(toolMs), modelShare: share(modelMs), toolShare: share(toolMs), judgeMs }
}

const round1 = (ms: number) => Math.round(ms * 10) / 10
