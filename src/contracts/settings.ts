import * as z from 'zod'
import { FidelitySchema } from './fidelity.ts'
import { JudgeConfigSchema } from './judge-options.ts'
import { AgentOptionSchema, BenchOptionsSchema, DefaultChecksSchema } from './options.ts'
import { ServerConfigSchema } from './server-config.ts'

/**
 * The judge as the main process resolved it for one project: its model and endpoint decided there (options,
 * then MCP_BENCH_JUDGE_* and OPENAI_BASE_URL), and its key and headers named, never carried. The worker reads
 * the key from the environment variable named here, which the plugin sets for the project's workers when the
 * key was given inline (Vitest's `test.env`), so no secret travels in the settings or in the main process's
 * own environment.
 */
export const JudgeSettingSchema = JudgeConfigSchema.omit({ apiKey: true, headers: true }).extend({
  model: z.string().min(1),
  /** The environment variable holding the judge's API key in the worker. */
  apiKeyEnv: z.string().min(1).optional(),
  /** The environment variable holding the judge's extra headers (a JSON object) in the worker. */
  headersEnv: z.string().min(1).optional(),
})
export type JudgeSetting = z.infer<typeof JudgeSettingSchema>

const LoadedServersSchema = z.strictObject({
  servers: z.record(z.string(), ServerConfigSchema),
  /** Entries that failed validation, by server name: only the tasks that use them fail. */
  invalid: z.record(z.string(), z.string()),
  /** The servers file could not be read or parsed: every task that needs a server fails with this. */
  fileError: z.string().optional(),
  source: z.string(),
})

/**
 * What the plugin resolves once, in the main process, for one Vitest project, and hands to that project's
 * workers through `environmentOptions`. The benchmark environment validates it where it arrives.
 */
export const RuntimeSettingsSchema = z.strictObject({
  root: z.string().min(1),
  servers: LoadedServersSchema,
  agents: z.array(AgentOptionSchema).min(1),
  /** Server variants (the `variants` option): each with the whole server set its tasks run against, its own entries merged in. */
  variants: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        servers: LoadedServersSchema,
        /** Servers the variant turns off: its tasks run without them. */
        off: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  defaultChecks: DefaultChecksSchema,
  taskTimeout: z.number().int().positive(),
  judgeTimeout: z.number().int().positive(),
  trials: z.number().int().min(1).max(100),
  maxRounds: z.number().int().positive(),
  maxToolCalls: z.number().int().positive().optional(),
  maxToolOutputChars: z.number().int().positive(),
  maxRecordedOutputChars: z.number().int().positive(),
  /** false: this project has no judge (none configured, and no MCP_BENCH_JUDGE_MODEL when the run started). */
  judge: z.union([JudgeSettingSchema, z.literal(false)]),
  distractors: BenchOptionsSchema.shape.distractors,
  /** Tools (`server.tool`) kept out of every catalog. */
  excludeTools: z.array(z.string()),
  /** Absolute report directory and run history directory: places agent code may not read. */
  outputDir: z.string().min(1),
  historyDir: z.string().min(1).nullable(),
  /** MCP-Bench fidelity; null: the project's own semantics. */
  fidelity: FidelitySchema.nullable(),
  /** Tasks in flight at once across the run (the `concurrency` option, MCP_BENCH_CONCURRENCY, else 16). */
  concurrency: z.number().int().min(1),
  /** Register tasks as concurrent tests (unless the project set `sequence.concurrent: false`). */
  concurrentTasks: z.boolean(),
  /** Annotate each task's test with what the harness found (the `annotate` option; src/node/resolve-settings.ts). */
  annotate: z.boolean(),
})
export type RuntimeSettings = z.infer<typeof RuntimeSettingsSchema>
