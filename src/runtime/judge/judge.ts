import { parseRubricFields } from '../../scoring/judge-sample-averaging.ts'
import { createChatClient, JudgeRequestError, type ChatClient } from './client.ts'
import { resolveJudgeConfig, type ResolvedJudgeConfig } from './config.ts'
import { type JudgeConfigInput } from '../../contracts/judge-options.ts'
import { parsePassFailReply, parseRubricReply } from '../../scoring/judge-reply.ts'
import type { Secret } from '../../lib/redact.ts'
import { getRuntime } from '../state.ts'
import { buildPassFailPrompt, buildRubricPrompt, type BuiltPrompt, type JudgeInput } from './prompt.ts'
import { buildReleasedRubricPrompt } from './released-prompt.ts'
import type { Rubric } from '../../contracts/rubric.ts'
import { linkedSignal } from '../../lib/linked-signal.ts'
import {
  notJudged,
  type JudgeErrorResult,
  type JudgeResult,
  type JudgeSamples,
  type JudgeUsage,
  type PassFailJudgeResult,
  type RubricJudgeResult,
} from '../../contracts/judge-result.ts'

export interface Judge {
  /** Null when no judge is configured; `judge()` then returns a not-judged result. */
  config: ResolvedJudgeConfig | null
  judge(input: JudgeInput, options?: { signal?: AbortSignal }): Promise<JudgeResult>
}

export interface CreateJudgeOptions {
  env?: Record<string, string | undefined>
  cwd?: string
  /** Values kept out of the judge cache; default: those of the run this judge works in (its own key and headers always). */
  secrets?: readonly Secret[]
}

/**
 * Creates a judge from a config (or a model name, or nothing: then the
 * MCP_BENCH_JUDGE_MODEL environment variable decides). Throws on an invalid
 * config; a missing one gives a judge that answers "not judged".
 */
export function createJudge(config?: JudgeConfigInput | string | false | null, options: CreateJudgeOptions = {}): Judge {
  const resolved = resolveJudgeConfig(config, options.env ?? process.env, options.cwd ?? process.cwd())
  if (!resolved) return { config: null, judge: async () => notJudged() }
  let client: ChatClient | undefined
  return {
    config: resolved,
    judge(input, { signal } = {}) {
      // The cache keeps only replies that parse, so a bad reply is asked for again next time.
      client ??= createChatClient(resolved, (reply) => replyParses(resolved, reply), judgeSecrets(resolved, options.secrets))
      return runJudge(input, resolved, client, signal)
    },
  }
}

function judgeSecrets(config: ResolvedJudgeConfig, given: readonly Secret[] | undefined): Secret[] {
  const own = [
    ...(config.apiKey ? [{ value: config.apiKey, label: 'judge API key' }] : []),
    ...Object.entries(config.headers ?? {}).map(([name, value]) => ({ value, label: `judge header ${name}` })),
  ]
  return [...(given ?? getRuntime()?.redactor.secrets ?? []), ...own]
}

/** One-shot form of `createJudge(config).judge(input)`. */
export function judgeTrajectory(
  input: JudgeInput,
  config?: JudgeConfigInput | string | false | null,
  options: CreateJudgeOptions & { signal?: AbortSignal } = {},
): Promise<JudgeResult> {
  return createJudge(config, options).judge(input, { signal: options.signal })
}

// ---------------------------------------------------------------------------

type SampleOutcome =
  | { ok: true; index: number; value: unknown; cached: boolean; usage: JudgeUsage }
  | { ok: false; index: number; reason: string; cached: boolean; usage: JudgeUsage; fatal?: boolean; aborted?: boolean }

const ZERO: JudgeUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 }

function requestBody(config: ResolvedJudgeConfig, prompt: BuiltPrompt): Record<string, unknown> {
  const body: Record<string, unknown> = { model: config.model, messages: prompt.messages }
  if (config.temperature !== undefined) body.temperature = config.temperature
  if (config.maxTokens !== undefined) body.max_completion_tokens = config.maxTokens
  if (config.jsonMode) body.response_format = { type: 'json_object' }
  return body
}

async function runJudge(
  input: JudgeInput,
  config: ResolvedJudgeConfig,
  client: ChatClient,
  signal: AbortSignal | undefined,
): Promise<JudgeResult> {
  const started = performance.now()
  const rubricName = config.rubric === 'pass-fail' ? 'pass-fail' : config.rubric.name
  const limits = {
    maxResultChars: config.maxResultChars,
    maxTrajectoryChars: config.maxTrajectoryChars,
    seed: config.seed,
    dependencyAnalysis: config.dependencyAnalysis,
  }

  if (!config.apiKey && !config.baseURL) {
    return errorResult(
      config,
      rubricName,
      'no API key for the judge: set MCP_BENCH_JUDGE_API_KEY or OPENAI_API_KEY (or a baseURL for a server that needs none)',
      emptySamples(config.samples),
      [],
      started,
    )
  }

  const parse = (content: string | null) => parseReply(config, content)

  // Aborted by the caller's signal or by a sample's fatal error, whichever comes first.
  // A linked signal (src/lib/linked-signal.ts), unhooked from the caller's once the samples are in.
  const failed = linkedSignal([signal])
  const stop = failed.signal

  const runSample = async (index: number): Promise<SampleOutcome> => {
    const prompt =
      config.rubric === 'pass-fail'
        ? buildPassFailPrompt(input, index, limits)
        : config.templates
          ? buildReleasedRubricPrompt(input, config.templates, index, limits)
          : buildRubricPrompt(input, config.rubric, index, limits)
    const body = requestBody(config, prompt)
    try {
      const reply = await client.complete(body, stop)
      const p = parse(reply.content)
      if (!p.ok) {
        const cut = reply.finishReason === 'length' ? ' (the reply was cut off at the token limit)' : ''
        return { ok: false, index, reason: `${p.reason}${cut}`, cached: reply.cached, usage: reply.usage }
      }
      return { ok: true, index, value: p.value, cached: reply.cached, usage: reply.usage }
    } catch (err) {
      const e = err instanceof JudgeRequestError ? err : new JudgeRequestError(err instanceof Error ? err.message : String(err), true)
      // A request cut short because another sample failed fatally is not the cause worth reporting.
      const aborted = stop.aborted && e.message === 'aborted'
      if (e.fatal) failed.abort()
      return { ok: false, index, reason: e.message, cached: false, usage: ZERO, fatal: e.fatal, aborted }
    }
  }

  const outcomes: SampleOutcome[] = []
  // The first sample alone: a bad key or an unknown model then costs one request, not one per sample. The
  // rest start together; the judge endpoint's pool (`concurrency`, shared by the whole run: see
  // src/runtime/limit/endpoint-gate.ts) decides how many requests are in flight.
  try {
    outcomes.push(await runSample(0))
    if (!stop.aborted && config.samples > 1) {
      const rest = Array.from({ length: config.samples - 1 }, (_, i) => i + 1)
      outcomes.push(...(await Promise.all(rest.map(runSample))))
    }
  } finally {
    failed.release()
  }
  outcomes.sort((a, b) => a.index - b.index)

  const valid = outcomes.filter((o): o is Extract<SampleOutcome, { ok: true }> => o.ok)
  const failedOutcomes = outcomes.filter((o): o is Extract<SampleOutcome, { ok: false }> => !o.ok)
  const notRun = config.samples - outcomes.length
  const failures = [
    ...failedOutcomes.map((o) => `sample ${o.index + 1}: ${o.reason}`),
    ...(notRun > 0 ? [`${notRun} sample${notRun === 1 ? '' : 's'} not run after a fatal error`] : []),
  ]
  const samples: JudgeSamples = { requested: config.samples, valid: valid.length, failed: config.samples - valid.length, failures }
  const fatal = failedOutcomes.find((o) => o.fatal && !o.aborted) ?? failedOutcomes.find((o) => o.fatal)

  if (signal?.aborted) {
    const why = signal.reason instanceof Error ? signal.reason.message : 'judging was aborted'
    return errorResult(config, rubricName, why, samples, outcomes, started)
  }
  if (fatal) return errorResult(config, rubricName, `judge request failed: ${fatal.reason}`, samples, outcomes, started)
  if (valid.length === 0) {
    const reasons = [...new Set(failedOutcomes.map((o) => o.reason))]
    return errorResult(config, rubricName, `all ${config.samples} judge samples failed: ${reasons.join(' | ')}`, samples, outcomes, started)
  }

  const common = {
    model: config.model,
    cacheHits: outcomes.filter((o) => o.cached).length,
    cached: outcomes.length > 0 && outcomes.every((o) => o.cached),
    usage: sumUsage(outcomes.filter((o) => !o.cached)),
    cachedUsage: sumUsage(outcomes.filter((o) => o.cached)),
    durationMs: performance.now() - started,
    // Recorded with the result: a rerun or a replay that draws the same orders used the same seed.
    shuffleSeed: config.seed === undefined ? null : String(config.seed),
  }

  if (config.rubric === 'pass-fail') {
    const verdicts = valid.map((o) => o.value as { pass: boolean; reason: string })
    const votes = { pass: verdicts.filter((v) => v.pass).length, fail: verdicts.filter((v) => !v.pass).length }
    const pass = votes.pass > votes.fail
    const reason = verdicts.find((v) => v.pass === pass)?.reason ?? ''
    const result: PassFailJudgeResult = { kind: 'pass-fail', pass, reason, votes, samples, ...common }
    return result
  }

  const prompt = config.templates ? ('mcp-bench-checkout' as const) : ('project' as const)
  return rubricResult(
    config.rubric,
    valid.map((o) => o.value as { scores: Record<string, number>; reasoning: Record<string, string> }),
    samples,
    { ...common, prompt },
    config.sampleAveraging,
  )
}

function parseReply(config: ResolvedJudgeConfig, content: string | null) {
  if (config.rubric === 'pass-fail') {
    const p = parsePassFailReply(content)
    return p.ok ? { ok: true as const, value: p } : { ok: false as const, reason: p.reason }
  }
  const p =
    config.sampleAveraging === 'whole-sample'
      ? parseRubricReply(content, config.rubric)
      : parseRubricFields(content, config.rubric, config.sampleAveraging)
  return p.ok ? { ok: true as const, value: p } : { ok: false as const, reason: p.reason }
}

/** A chat-completion response body whose reply parses as this judge's verdict. */
function replyParses(config: ResolvedJudgeConfig, response: unknown): boolean {
  const content = (response as { choices?: Array<{ message?: { content?: string | null } }> })?.choices?.[0]?.message?.content ?? null
  return parseReply(config, content).ok
}

function rubricResult(
  rubric: Rubric,
  values: Array<{ scores: Record<string, number>; reasoning: Record<string, string> }>,
  samples: JudgeSamples,
  common: Pick<RubricJudgeResult, 'model' | 'cacheHits' | 'cached' | 'usage' | 'cachedUsage' | 'durationMs' | 'prompt' | 'shuffleSeed'>,
  averaging: ResolvedJudgeConfig['sampleAveraging'] = 'whole-sample',
): RubricJudgeResult {
  // The raw samples only: their means and the category scores are derived in scoring (src/scoring/judge-scores.ts).
  return {
    kind: 'rubric',
    rubric: rubric.name,
    scale: { ...rubric.scale },
    categoryDimensions: Object.fromEntries(rubric.categories.map((c) => [c.id, c.dimensions.map((d) => d.id)])),
    sampleAveraging: averaging,
    samples: { ...samples, scores: values.map((v) => v.scores) },
    reasoning: values[0]?.reasoning ?? {},
    ...common,
  }
}

function emptySamples(n: number): JudgeSamples {
  return { requested: n, valid: 0, failed: n, failures: [] }
}

function sumUsage(outcomes: readonly SampleOutcome[]): JudgeUsage {
  return outcomes.reduce(
    (u, o) => ({
      promptTokens: u.promptTokens + o.usage.promptTokens,
      completionTokens: u.completionTokens + o.usage.completionTokens,
      totalTokens: u.totalTokens + o.usage.totalTokens,
    }),
    { ...ZERO },
  )
}

function errorResult(
  config: ResolvedJudgeConfig,
  rubricName: string,
  reason: string,
  samples: JudgeSamples,
  outcomes: readonly SampleOutcome[],
  started: number,
): JudgeErrorResult {
  const dims = config.rubric === 'pass-fail' ? [] : config.rubric.categories.flatMap((c) => c.dimensions.map((d) => d.id))
  const cats = config.rubric === 'pass-fail' ? [] : config.rubric.categories.map((c) => c.id)
  return {
    kind: 'error',
    rubric: rubricName,
    model: config.model,
    reason,
    samples,
    dimensions: Object.fromEntries(dims.map((d) => [d, null])),
    categories: Object.fromEntries(cats.map((c) => [c, null])),
    cacheHits: outcomes.filter((o) => o.cached).length,
    cached: false,
    usage: sumUsage(outcomes.filter((o) => !o.cached)),
    cachedUsage: sumUsage(outcomes.filter((o) => o.cached)),
    durationMs: performance.now() - started,
  }
}
