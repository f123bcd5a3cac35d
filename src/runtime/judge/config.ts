import { resolve } from 'node:path'
import * as z from 'zod'
import {
  DEFAULT_JUDGE_CACHE_DIR,
  judgeConfigProblem,
  JudgeConfigSchema,
  type JudgeConfig,
  type JudgeConfigInput,
} from '../../contracts/judge-options.ts'
import type { Rubric } from '../../contracts/rubric.ts'
import type { McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import { readTemplatesFile } from '../templates-file.ts'
import { calibratedRubric } from './rubric.ts'

export interface ResolvedJudgeConfig extends Omit<JudgeConfig, 'rubric' | 'cache' | 'samples' | 'model' | 'templates'> {
  model: string
  samples: number
  /** The rubric to score against, or 'pass-fail' for the MCP-Eval verdict. */
  rubric: Rubric | 'pass-fail'
  /** Absolute cache directory, or null when caching is off. */
  cacheDir: string | null
  /** MCP-Bench's prompt templates from the user's checkout (option `templates`), read and checked; null without them. */
  templates: McpBenchTemplates | null
}

/**
 * Applies defaults and environment fallbacks. Returns null when no judge is
 * configured (no model in the config or the environment, or `false`).
 * Throws on an invalid config.
 */
export function resolveJudgeConfig(
  config?: JudgeConfigInput | string | false | null,
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): ResolvedJudgeConfig | null {
  if (config === false) return null
  const input: JudgeConfigInput = typeof config === 'string' ? { model: config } : (config ?? {})
  const parsed = JudgeConfigSchema.safeParse(input)
  if (!parsed.success) throw new Error(`invalid judge config: ${z.prettifyError(parsed.error)}`)
  const c = parsed.data
  const problem = judgeConfigProblem(c)
  if (problem) throw new Error(`invalid judge config: ${problem}`)
  const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined)
  const model = c.model ?? nonEmpty(env.MCP_BENCH_JUDGE_MODEL)
  if (!model) return null
  const rubric = c.rubric === 'mcp-bench' ? calibratedRubric(c.calibration ?? 'strict') : c.rubric
  const cacheDir = c.cache === false ? null : resolve(cwd, c.cache === true ? DEFAULT_JUDGE_CACHE_DIR : c.cache)
  return {
    ...c,
    model,
    baseURL: c.baseURL ?? nonEmpty(env.MCP_BENCH_JUDGE_BASE_URL) ?? nonEmpty(env.OPENAI_BASE_URL),
    apiKey: c.apiKey ?? nonEmpty(env.MCP_BENCH_JUDGE_API_KEY) ?? nonEmpty(env.OPENAI_API_KEY),
    headers: c.headers ?? headersFromEnv(env.MCP_BENCH_JUDGE_HEADERS),
    samples: c.samples ?? (rubric === 'pass-fail' ? 1 : 5),
    rubric,
    cacheDir,
    templates: c.templates ? readTemplatesFile(resolve(cwd, c.templates), 'invalid judge config: templates') : null,
  }
}

/** MCP_BENCH_JUDGE_HEADERS: a JSON object of header names and values (where the plugin puts inline judge headers). */
function headersFromEnv(raw: string | undefined): Record<string, string> | undefined {
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
  } catch {
    // reported below
  }
  throw new Error('MCP_BENCH_JUDGE_HEADERS must be a JSON object of header names and values')
}
