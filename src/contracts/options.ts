import * as z from 'zod'
import { AgentIsolationSchema } from './isolation.ts'
import { JudgeOptionConfigSchema } from './judge-options.ts'
import { FidelitySchema } from './fidelity.ts'
import { MaxDropSchema, ToolMaxDropSchema } from './compare.ts'
import { PricesSchema } from './prices.ts'
import { ResumeModeSchema } from './run-journal.ts'
import { BudgetSchema } from './budget.ts'

/**
 * The two rules that keep a fact check meaningful, measured against the
 * task's own reference answer: an answer may not be far longer than the
 * answer the task needs, and, when the task has number facts, it may not
 * state far more different numbers than that answer does. Without them a
 * fact check is a lottery a hedge wins: the task's prompt followed by every
 * number from 0 to 10,000 with one to three decimals (230 KB, ~41,000
 * numbers) "states" any number fact within rounding.
 *
 * Why these numbers: the bundled reference answers are 30 to 965
 * characters and state 0 to 31 different numbers. A careful answer may be
 * several times as long (it restates the question, shows its working, adds a
 * table), so the defaults allow eight times the reference's length, at least
 * 1,500 characters (a page of a chat reply), and three times its numbers, at
 * least 30 (a 3×3 matrix and its inverse, or a table of five rows of five
 * numbers, fit). Dumping every tool's output instead of answering mostly
 * does not: that is the hedge the length rule is for.
 */
export const AnswerLimitsSchema = z.strictObject({
  /** An answer may be this many times as long as the reference answer… */
  lengthFactor: z.number().positive().default(8),
  /** …and at least this many characters long, whatever the reference (and for a task without one). */
  minLength: z.number().int().positive().default(1_500),
  /** When the task has number facts, the answer may state this many times as many different numbers as the reference answer… */
  numberFactor: z.number().positive().default(3),
  /** …and at least this many. */
  minNumbers: z.number().int().positive().default(30),
})
export type AnswerLimits = z.infer<typeof AnswerLimitsSchema>

/** An OpenAI-compatible agent's loops (the `loop` option, and MCP_BENCH_AGENT_LOOP). */
export const AGENT_LOOPS = ['tools', 'planner', 'react'] as const

/** Where an agent comes from. A string is a model name for the OpenAI-compatible agent. */
const OpenAIAgentSchema = z.strictObject({
  kind: z.literal('openai').default('openai'),
  model: z.string().min(1),
  name: z.string().optional(),
  baseURL: z.string().optional(),
  /** Name of the environment variable holding the key (default OPENAI_API_KEY), so keys stay out of config files. */
  apiKeyEnv: z.string().optional(),
  temperature: z.number().optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  /** Per-request timeout in ms. */
  requestTimeoutMs: z.number().int().positive().optional(),
  systemPrompt: z.string().optional(),
  /**
   * `tools`: native tool calling. `planner`: MCP-Bench's JSON planning loop, for models without tool calling.
   * `react`: MCP-AgentBench's ReAct text loop (Thought, Action, Observation).
   */
  loop: z.enum(AGENT_LOOPS).default('tools'),
  /** Most tools one request may carry (default 128, OpenAI's limit). */
  maxTools: z.number().int().positive().optional(),
  /**
   * Most requests in flight to this agent's endpoint across the run; unset: only `concurrency` bounds them.
   * A 429 halves the requests in flight either way, and successes win them back.
   */
  concurrency: z.number().int().positive().optional(),
  /** Planner only: how long tool output is shortened in its history (`truncate` or `model` summaries). */
  compress: z.enum(['truncate', 'model']).optional(),
  /** Planner only: tool output longer than this many characters is shortened in its history (default 2,000). */
  observationChars: z.number().int().positive().optional(),
  /** ReAct only: replies that break the format answered with a reminder before the run ends with an error (default 3). */
  formatReminders: z.number().int().nonnegative().optional(),
  /**
   * Planner only: the calls of a plan that says `should_continue: false`. `execute` (default; the paper's
   * Algorithm 1) runs them, then stops; `drop` stops without them, as MCP-Bench's released executor does.
   */
  stoppingPlan: z.enum(['execute', 'drop']).optional(),
  /**
   * Planner only: `released-code` runs the control flow of MCP-Bench's released executor (format fix then stop,
   * `should_continue` required, summaries cut, one-at-a-time tools, success in the history; see
   * src/runtime/agents/planner.ts); `project` (default) this project's loop. The preset sets it from `fidelity`.
   */
  executor: z.enum(['project', 'released-code']).optional(),
  /**
   * Planner with `executor: 'released-code'` only: the `mcp-bench-templates.json` that `mcp-bench import
   * --mcp-bench-dir` wrote (relative to the project root). With it the planner sends MCP-Bench's own prompts and
   * shows tools as `server:tool` with pretty-printed schemas; without it, this project's words (and the row's
   * `fidelity.plannerPrompt` says `project`). The preset fills it in from the judge's `templates`.
   */
  templates: z.string().min(1).optional(),
})
export type OpenAIAgentSetting = z.infer<typeof OpenAIAgentSchema>

const ModuleAgentSchema = z.strictObject({
  kind: z.literal('module').default('module'),
  /** Path (relative to the project root) or package exporting an agent or an agent function. */
  module: z.string().min(1),
  export: z.string().default('default'),
  name: z.string().optional(),
  /**
   * `sandbox` (default): the agent runs in a child process in an operating-system sandbox (Linux user, PID
   * and mount namespaces) that sees only its bundle and the packages it needs, and cannot signal or inspect
   * the harness; where the system has none, it falls back to `process` and the row says so.
   * `process`: a child process with the runtime's read limits only (Node's permission model, Deno's
   * permissions; Bun has none). `none`: in the Vitest worker, next to the referee, for debugging.
   * Every row says which tier held it, and `gate.isolation` can require one.
   */
  isolation: z.enum(['sandbox', 'process', 'none']).default('sandbox'),
})
export type ModuleAgentSetting = z.infer<typeof ModuleAgentSchema>

/** Where an agent comes from. A string other than "reference" is a model name for the OpenAI-compatible agent. */
export const AgentOptionSchema = z.union([
  z.literal('reference'),
  z
    .string()
    .min(1)
    .transform((model): OpenAIAgentSetting => ({ kind: 'openai', model, loop: 'tools' })),
  OpenAIAgentSchema,
  ModuleAgentSchema,
])
export type AgentOption = z.input<typeof AgentOptionSchema>
export type AgentSetting = z.infer<typeof AgentOptionSchema>

export const DefaultChecksSchema = z.strictObject({
  /** The agent gave a non-empty final answer. */
  answer: z.boolean().default(true),
  /** The answer states every reference fact. */
  facts: z.boolean().default(true),
  /** Every tool call used a name from the catalog. */
  validToolNames: z.boolean().default(false),
  /** Every call's arguments matched the tool's inputSchema. */
  schemaCompliance: z.boolean().default(false),
  /**
   * At least one successful call to one of the task's own servers (not a distractor). A task whose reference plan
   * answers without calls is exempt. Judge-decided tasks (no facts, plan or checks) need it whatever this says.
   */
  toolUse: z.boolean().default(true),
  /**
   * When the facts are checked: the longest answer, and (for tasks with number facts) the most different numbers
   * it may state, relative to the reference answer; beyond them the facts check fails. `false`: no limits (a
   * task's own `reference.maxAnswerChars` / `maxAnswerNumbers` still hold). See docs/scoring.md.
   */
  answerLimits: z.union([z.literal(false), AnswerLimitsSchema]).prefault({}),
})

const GateSchema = z
  .strictObject({
    /**
     * A previous run's leaderboard.json to compare with (a path relative to the project root, or an http(s) URL):
     * the gate fails when a metric in `maxDrop` dropped by more than allowed, with `confidence`.
     */
    baseline: z.string().min(1).optional(),
    /**
     * Largest drop allowed per metric, on the 0–1 scale (`{ passRate: 0.05 }` is 5 points): against the `baseline`,
     * and, in a run with `variants`, each variant's row against its agent's.
     */
    maxDrop: MaxDropSchema.optional(),
    /**
     * Largest drop allowed per tool (`{ recall: 0.2 }`: the share of reference calls to the tool an agent call took
     * may fall by 20 points at most; `successRate`: the share of its calls that ran and fit its schema), compared
     * as `maxDrop` is: against the baseline and between variants. Each tool is checked on the tasks that use it.
     */
    maxDropPerTool: ToolMaxDropSchema.optional(),
    /** As `maxDropPerTool`, for each server's tools together. */
    maxDropPerServer: ToolMaxDropSchema.optional(),
    /** One-sided confidence with which a drop must exceed maxDrop to fail the gate (default 0.95). */
    confidence: z.number().gt(0.5).lt(1).optional(),
    /**
     * What the baseline gate does with a metric of fewer than 10 paired tasks, where no drop can be told from
     * noise: `'pass'` (default: it cannot show a regression; the terminal says it could not tell) or `'fail'`.
     */
    tooFew: z.enum(['pass', 'fail']).optional(),
    /** Minimum overall score (0-1) per agent. Needs a judge, and fails when the judge failed on any task. */
    minOverall: z.number().min(0).max(1).optional(),
    /** Minimum rule score (mean of the three schema-understanding rates). */
    minRuleScore: z.number().min(0).max(1).optional(),
    /** Minimum share of tasks passed. */
    minPassRate: z.number().min(0).max(1).optional(),
    /**
     * The least isolation a row may have been held under (`sandbox`, `process`, `process-unrestricted` or
     * `none`; the package's own agents always hold): a row held less fails the gate, so a score earned by
     * agent code that could reach the referee never passes as one that could not.
     */
    isolation: AgentIsolationSchema.exclude(['builtin']).optional(),
  })
  .refine((g) => !g.baseline || Boolean(g.maxDrop || g.maxDropPerTool || g.maxDropPerServer), {
    message: 'a baseline gate needs `maxDrop` (or `maxDropPerTool` / `maxDropPerServer`) besides `baseline`',
    path: ['maxDrop'],
  })

export type Gate = z.infer<typeof GateSchema>

/** A variant's name: a row's name is its agent's and this one's (`reference@fs-worse`), so it keeps to a short alphabet. */
const VariantNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'variant names use letters, digits, "_" and "-" (at most 40)')

/**
 * Another configuration of some of the run's servers: each task runs once more per agent against it, as a row of
 * its own paired with the agent's row task by task (`mcp-bench compare --variant`). An entry replaces the
 * server's config of that name whole (another version, another description set through `toolOverrides`).
 */
const VariantSchema = z.strictObject({
  /**
   * Server name → its config in this variant, in the servers file's shape (validated as an entry there is), or
   * `false`: the server is off, and its tasks run without it (the `toolUse` check then asks only for the servers
   * still on, and none when none is).
   */
  servers: z.record(z.string(), z.unknown()).refine((s) => Object.keys(s).length > 0, 'a variant changes at least one server'),
  description: z.string().optional(),
})

export const BenchOptionsSchema = z
  .strictObject({
    /**
     * `mcp-bench`: set the run up as MCP-Bench's released runner does (the planner loop, Time resident, 10
     * distractors, its judge calibration, …; see src/node/preset-mcp-bench.ts). Options given explicitly win.
     */
    preset: z.enum(['mcp-bench']).optional(),
    /**
     * Which MCP-Bench the numbers follow where its released code and its paper differ: `released-code`
     * (the preset's default) or `paper`; unset without the preset: the project's own semantics.
     * docs/mcp-bench-fidelity.md lists every difference.
     */
    fidelity: FidelitySchema.optional(),
    /** Path to a `{ "mcpServers": … }` file, or the servers inline. */
    servers: z.union([z.string(), z.record(z.string(), z.unknown())]).default('mcp.servers.json'),
    /** One agent or several; each task runs once per agent. Unset: MCP_BENCH_MODEL, else the reference agent. */
    agent: z.union([AgentOptionSchema, z.array(AgentOptionSchema).min(1)]).optional(),
    /**
     * Server variants, by name: every task runs against each of them too, for every agent, as a row named
     * `<agent>@<variant>` beside the agent's own row (the servers as configured). See docs/guide/server-authors.md.
     */
    variants: z
      .record(z.string(), VariantSchema)
      .superRefine((variants, ctx) => {
        // Checked here rather than as the record's key schema, whose error would not say what is wrong with the name.
        for (const name of Object.keys(variants)) {
          const named = VariantNameSchema.safeParse(name)
          if (!named.success) ctx.addIssue({ code: 'custom', path: [name], message: named.error.issues[0]!.message })
        }
      })
      .optional(),
    /** The LLM judge: a model name, a judge config, or false. Unset: MCP_BENCH_JUDGE_MODEL, else not judged. */
    judge: z.union([z.string().min(1), JudgeOptionConfigSchema, z.literal(false)]).optional(),
    gate: GateSchema.default({}),
    defaultChecks: DefaultChecksSchema.prefault({}),
    /** Default time (ms) an agent has for a task; the task's own `timeout` wins. */
    taskTimeout: z.number().int().positive().default(300_000),
    /** Time (ms) all of a task's judging may take, apart from the agent's time: every sample and retry. */
    judgeTimeout: z.number().int().positive().default(300_000),
    /**
     * Tasks in flight at once across the whole run, whatever the file layout (every worker, every file).
     * Default MCP_BENCH_CONCURRENCY, else 16: model runs wait on the network, not the CPU (src/node/concurrency.ts).
     * The plugin sets Vitest's `sequence.concurrent`, `maxConcurrency` and workers to match, unless the project sets them.
     */
    concurrency: z.number().int().min(1).max(1000).optional(),
    /** Runs of every task per agent (τ-bench's pass^k): model agents are not deterministic. Default MCP_BENCH_TRIALS, else 1. */
    trials: z.number().int().min(1).max(100).optional(),
    /** Default cap on tool calls per task (MCP-AgentBench uses 30); unset: no cap. */
    maxToolCalls: z.number().int().positive().optional(),
    /** Default round limit for model agents (MCP-Bench uses 20). */
    maxRounds: z.number().int().positive().default(20),
    /** Tool output longer than this is cut before the agent sees it. */
    maxToolOutputChars: z.number().int().positive().default(20_000),
    /** Tool output longer than this is cut in the recorded trajectory (reports stay small). */
    maxRecordedOutputChars: z.number().int().positive().default(4_000),
    /** Where a task's `distractors: N` are drawn from, and servers added whenever a task asks for any (MCP-Bench keeps a Time server resident). */
    distractors: z
      .strictObject({
        /** Distractors drawn for a task that does not say (`distractors` in its spec); unset: none. MCP-Bench uses 10. */
        count: z.number().int().nonnegative().optional(),
        /** Default: every configured server that is shared per file (no per-task state). */
        pool: z.array(z.string()).optional(),
        resident: z.array(z.string()).default([]),
        /** Distractors join only while the task's catalog stays within this many tools (OpenAI's API accepts 128 functions). */
        maxTools: z.number().int().positive().default(128),
      })
      .default({ resident: [], maxTools: 128 }),
    /**
     * Tools (`server.tool`) left out of every catalog, as MCP-Bench's runner filters tools it found broken or
     * rate-limited. A call to one is then a call to an unknown tool.
     */
    excludeTools: z
      .array(z.string().regex(/^[^.\s]+\.[^\s]+$/, 'expected "server.tool", for example "paper-search.search_semantic"'))
      .default([]),
    outputDir: z.string().default('bench-results'),
    /** Where each run adds a record to the run history (relative to the root); default `<outputDir>/history`; false keeps none. */
    historyDir: z.union([z.string().min(1), z.literal(false)]).optional(),
    /** Add the leaderboard and JUnit reporters (and the progress display, see `progress`). */
    reporters: z.boolean().default(true),
    /**
     * Prices in USD per million tokens, `{ 'model-id': { input, output } }`, on top of the bundled list prices
     * (OpenAI, Anthropic, Google, a few open models; src/contracts/prices.ts, dated): a model with no price has cost null, not 0.
     */
    prices: PricesSchema.default({}),
    /**
     * Resume the last run in this output directory (and shard) instead of starting again: tasks it finished are
     * kept, and only the rest run: the ones that never finished, were cut off, or failed for a reason not the
     * agent's (a setup error, the judge, a model endpoint's 429 or 5xx). `'all-failed'` runs the agent's own failures
     * again too. Default MCP_BENCH_RESUME (`1`, `all-failed`), else false. See docs/guide/long-runs.md.
     */
    resume: z.union([z.boolean(), ResumeModeSchema]).optional(),
    /**
     * What the run may spend, agents and judge together: `{ usd, tokens, inFlight }`. Once the spend would pass it,
     * no further task starts; those not started are listed as not run (budget), the run exits non-zero, and a resumed
     * run continues from there. Default MCP_BENCH_BUDGET_USD / MCP_BENCH_BUDGET_TOKENS. See docs/guide/long-runs.md.
     */
    budget: BudgetSchema.optional(),
    /**
     * Annotate each task's test with its scores, verdict, failed checks and trajectory link (`mcp-bench.*`), for
     * `vitest --ui`, the editors and the terminal reporters. Each annotation is a round trip to Vitest's main
     * process that holds the task's place, so by default a test is annotated only when someone watches the run
     * (watch mode, `--ui`), not in `vitest run`. junit.xml has the same properties either way, from the record.
     */
    annotate: z.boolean().optional(),
    /** Progress lines in Vitest's output: the first when the first task is scored, then one every few seconds, and the last at the end. */
    progress: z.boolean().default(true),
  })
  .superRefine((o, ctx) => {
    // A drop is measured against something: without a baseline or a variant, these bounds would gate nothing.
    const bounds = (['maxDrop', 'maxDropPerTool', 'maxDropPerServer'] as const).filter((k) => o.gate[k])
    if (bounds.length && !o.gate.baseline && !Object.keys(o.variants ?? {}).length) {
      ctx.addIssue({
        code: 'custom',
        path: ['gate', bounds[0]!],
        message: `\`${bounds[0]}\` is a drop against \`gate.baseline\` or between server \`variants\`; set one of them`,
      })
    }
  })
export type BenchOptions = z.input<typeof BenchOptionsSchema>
export type ResolvedBenchOptions = z.infer<typeof BenchOptionsSchema>
