import * as z from 'zod'
import { CALIBRATION_NAMES, RubricSchema } from './rubric.ts'

/** The judge cache's directory for `cache: true`, under the working directory. */
export const DEFAULT_JUDGE_CACHE_DIR = '.mcp-bench-cache/judge'

/**
 * Judge configuration. Any OpenAI-compatible chat-completions endpoint works.
 *
 * Environment fallbacks (an explicit config value always wins):
 *  - model:   MCP_BENCH_JUDGE_MODEL
 *  - baseURL: MCP_BENCH_JUDGE_BASE_URL, then OPENAI_BASE_URL
 *  - apiKey:  MCP_BENCH_JUDGE_API_KEY, then OPENAI_API_KEY
 */
export const JudgeConfigSchema = z.strictObject({
  model: z.string().min(1).optional(),
  baseURL: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  /** Independent shuffled samples to average. Default 5 for rubrics, 1 for pass-fail (majority vote when more). */
  samples: z.number().int().min(1).max(50).optional(),
  rubric: z.union([z.literal('mcp-bench'), z.literal('pass-fail'), RubricSchema]).default('mcp-bench'),
  /**
   * How the built-in rubric anchors scores (src/runtime/judge/rubric.ts): `strict` (default) or `mcp-bench`, the
   * calibration of MCP-Bench's released evaluator (typical work in the middle bands, start there, evidence
   * for every step up). A custom rubric carries its own `guidance` instead; the pass-fail judge has no scale.
   */
  calibration: z.enum(CALIBRATION_NAMES).optional(),
  /**
   * Show the judge the task's dependency structure (its reference plan's layers and MCP-Bench's dependency
   * analysis), as MCP-Bench's paper does. `false` leaves it out, as MCP-Bench's released runner does
   * (it never passes the analysis on).
   */
  dependencyAnalysis: z.boolean().default(true),
  /**
   * How rubric samples are averaged (src/scoring/judge-sample-averaging.ts). `whole-sample` (default): a sample counts
   * only when every dimension is a score in range. `per-field`: each dimension is averaged over the samples
   * where it is a score in range; none, and it is missing. `mcp-bench-evaluator`: MCP-Bench's released
   * `_calculate_average_scores` (evaluator.py:376-385): each dimension over the samples where it is a JSON
   * number, whatever its value; none, and it is 0.
   */
  sampleAveraging: z.enum(['whole-sample', 'per-field', 'mcp-bench-evaluator']).default('whole-sample'),
  /** Omitted from the request unless set (some reasoning models reject it). */
  temperature: z.number().min(0).max(2).optional(),
  /** Sent as max_completion_tokens when set. */
  maxTokens: z.number().int().positive().optional(),
  /** Ask for `response_format: { type: 'json_object' }` (not every server supports it). */
  jsonMode: z.boolean().default(false),
  /** true: `.mcp-bench-cache/judge/` (DEFAULT_JUDGE_CACHE_DIR) under the working directory; a string: that directory; false: off. */
  cache: z.union([z.boolean(), z.string().min(1)]).default(true),
  /** Per request. */
  timeoutMs: z.number().int().positive().default(120_000),
  /** Retries per request on 408/409/429/5xx, connection errors and timeouts, with the openai SDK's backoff (honouring `retry-after`). */
  maxRetries: z.number().int().min(0).max(20).default(3),
  /**
   * Most judge requests in flight to the judge's endpoint across the whole run (every task and worker).
   * Unset: only the run's task limit bounds them. A 429 halves the requests in flight either way.
   */
  concurrency: z.number().int().min(1).max(1000).optional(),
  /**
   * For tasks nothing else decides (no facts, plan or checks, like MCP-Bench's released tasks): the lowest task
   * fulfillment (0–1, the 1–10 score / 10) that passes. A pass-fail judge decides by its verdict instead.
   */
  passThreshold: z.number().min(0).max(1).default(0.6),
  /** Mixed into the shuffle seed (task id, sample index), to draw a different but still reproducible set of orders. */
  seed: z.union([z.string(), z.number()]).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * MCP-Bench's own judge prompt, imported from the user's checkout by `mcp-bench import --mcp-bench-dir`
   * (the `mcp-bench-templates.json` it writes next to the task files). With it, the rubric judge sends
   * MCP-Bench's released prompt with the evidence its runner gives (src/runtime/judge/released-prompt.ts);
   * without it, this project's wording and evidence. Resolved against the working directory.
   */
  templates: z.string().min(1).optional(),
  /** Longest text kept from one tool result. */
  maxResultChars: z.number().int().positive().optional(),
  /** Budget for the trajectory section of the prompt. */
  maxTrajectoryChars: z.number().int().positive().optional(),
})
export type JudgeConfigInput = z.input<typeof JudgeConfigSchema>
export type JudgeConfig = z.output<typeof JudgeConfigSchema>

/**
 * The one combination the schema's fields allow that no judge can be made of: a calibration anchors the built-in
 * rubric's scale, and a custom rubric brings its own `guidance`. Checked where the options are read (the
 * plugin's, below) and where a judge is made from a config (`createJudge`).
 */
export function judgeConfigProblem(config: { rubric?: unknown; calibration?: string }): string | null {
  return config.calibration && typeof config.rubric === 'object'
    ? `calibration: "${config.calibration}" applies to the built-in mcp-bench rubric; a custom rubric sets its own \`guidance\``
    : null
}

/** The `judge` option's config: the schema, and a custom rubric without a calibration. */
export const JudgeOptionConfigSchema = JudgeConfigSchema.superRefine((config, context) => {
  const problem = judgeConfigProblem(config)
  if (problem) context.addIssue({ code: 'custom', path: ['calibration'], message: problem })
})
