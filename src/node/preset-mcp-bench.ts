import type { JudgeConfigInput } from '../contracts/judge-options.ts'
import { DEFAULT_FIDELITY, type Fidelity } from '../contracts/fidelity.ts'
import type { AgentOption, BenchOptions } from '../contracts/options.ts'

/**
 * `preset: 'mcp-bench'`: the run set up the way MCP-Bench's released runner sets up its own
 * (github.com/Accenture/mcp-bench: benchmark/runner.py, agent/executor.py, benchmark/evaluator.py and
 * config/benchmark_config.yaml). Each value below names where it comes from. The preset only fills in
 * what the user left out: an option given explicitly, at any depth, always wins.
 *
 * What the runner does that the preset does not copy, and why, is in the README ("Reproducing MCP-Bench's setup").
 */

/** The planner's history: results over `content_summary_threshold` (1,000 tokens, estimated as 4 characters each) are summarised by the model. */
const MCP_BENCH_OBSERVATION_CHARS = 4_000

/** `execution.task_timeout`: 3,000 s per task. */
const MCP_BENCH_TASK_TIMEOUT_MS = 3_000_000

/** `execution.max_execution_rounds`. */
const MCP_BENCH_MAX_ROUNDS = 20

/** `benchmark.distraction_servers_default`. */
const MCP_BENCH_DISTRACTORS = 10

/** `benchmark.resident_servers: ["Time MCP"]`, under the key `mcp-bench import` gives it. */
const MCP_BENCH_RESIDENT = ['time']

/**
 * No cap on the catalog. MCP-Bench's planner lists every tool in its prompt, so OpenAI's 128-function
 * limit (our default cap, made for native tool calling) does not apply, and its runner never drops a
 * distractor for size. Any catalog a task can have fits under this.
 */
const MCP_BENCH_MAX_TOOLS = 10_000

/**
 * `execution.problematic_tools`, filtered out of every catalog (`benchmark.filter_problematic_tools: true`),
 * under the keys `mcp-bench import` gives the servers.
 */
export const MCP_BENCH_EXCLUDED_TOOLS = [
  'paper-search.search_semantic',
  'paper-search.download_semantic',
  'paper-search.read_semantic_paper',
  'osint-intelligence.osint_overview',
  'paper-search.search_iacr',
  'paper-search.read_iacr_paper',
  'paper-search.download_iacr',
  'biomcp.alphagenome_predictor',
]

/** The evaluator's `max_completion_tokens` for each judge request. */
const MCP_BENCH_JUDGE_MAX_TOKENS = 15_000

/**
 * The judge: `evaluation.judge_stability_runs` (5 shuffled samples, averaged), the released evaluator's
 * calibration, and the dependency analysis shown as the paper describes (the released runner drops it;
 * `judge: { dependencyAnalysis: false }` reproduces that).
 */
const JUDGE: JudgeConfigInput = { samples: 5, calibration: 'mcp-bench', dependencyAnalysis: true, maxTokens: MCP_BENCH_JUDGE_MAX_TOKENS }

/** The judge's own time budget: none in MCP-Bench's evaluator, so as long as a task's (each request keeps its timeout). */
const MCP_BENCH_JUDGE_TIMEOUT_MS = MCP_BENCH_TASK_TIMEOUT_MS

/** The options with the preset's values filled in where the user gave none. */
export function withMcpBenchPreset(input: BenchOptions, env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const fidelity = input.fidelity ?? DEFAULT_FIDELITY
  return {
    ...input,
    fidelity,
    agent: presetAgents(input.agent, env, fidelity, judgeTemplates(input.judge)),
    judge: presetJudge(input.judge, fidelity),
    maxRounds: input.maxRounds ?? MCP_BENCH_MAX_ROUNDS,
    taskTimeout: input.taskTimeout ?? MCP_BENCH_TASK_TIMEOUT_MS,
    judgeTimeout: input.judgeTimeout ?? MCP_BENCH_JUDGE_TIMEOUT_MS,
    distractors: {
      count: MCP_BENCH_DISTRACTORS,
      resident: MCP_BENCH_RESIDENT,
      maxTools: MCP_BENCH_MAX_TOOLS,
      ...input.distractors,
    },
    excludeTools: input.excludeTools ?? MCP_BENCH_EXCLUDED_TOOLS,
  }
}

/**
 * Model agents run MCP-Bench's planner loop (agent/executor.py: a JSON plan of parallel calls per round,
 * then a final synthesis) with its compression of long results. The reference agent and custom agents
 * are left as they are; an agent whose loop is given keeps it.
 */
function presetAgents(
  agent: BenchOptions['agent'],
  env: NodeJS.ProcessEnv,
  fidelity: Fidelity,
  templates: string | undefined,
): BenchOptions['agent'] {
  if (agent === undefined) return fromEnvironment(env, fidelity, templates)
  return Array.isArray(agent) ? agent.map((a) => presetAgent(a, fidelity, templates)) : presetAgent(agent, fidelity, templates)
}

/** The judge's MCP-Bench templates, which carry the planner's too (`mcp-bench import` writes one file). */
function judgeTemplates(judge: BenchOptions['judge']): string | undefined {
  return judge && typeof judge === 'object' ? judge.templates : undefined
}

/**
 * MCP_BENCH_MODEL stands in for `agent`. MCP_BENCH_AGENT_LOOP, when set, is the user's choice of loop,
 * so only `planner` (or nothing) gets the planner's settings; any other value is left to the usual
 * checks, which name the variable when it is wrong.
 */
function fromEnvironment(env: NodeJS.ProcessEnv, fidelity: Fidelity, templates: string | undefined): BenchOptions['agent'] {
  const model = env.MCP_BENCH_MODEL?.trim()
  const loop = env.MCP_BENCH_AGENT_LOOP?.trim().toLowerCase()
  if (!model || (loop && loop !== 'planner')) return undefined
  return presetAgent(model, fidelity, templates)
}

function presetAgent(agent: AgentOption, fidelity: Fidelity, templates: string | undefined): AgentOption {
  if (agent === 'reference') return agent
  if (typeof agent === 'string') return plannerSettings({ model: agent }, fidelity, templates)
  if (!('model' in agent)) return agent
  const loop = agent.loop ?? 'planner'
  return loop === 'planner' ? plannerSettings({ ...agent, loop }, fidelity, templates) : agent
}

/** The released executor drops a stopping plan's calls (agent/executor.py:116); the paper's Algorithm 1 runs them. */
function plannerSettings<
  T extends {
    model: string
    compress?: 'truncate' | 'model'
    observationChars?: number
    stoppingPlan?: 'execute' | 'drop'
    executor?: 'project' | 'released-code'
    templates?: string
  },
>(agent: T, fidelity: Fidelity, templates: string | undefined) {
  const stoppingPlan = fidelity === 'released-code' ? ('drop' as const) : ('execute' as const)
  // The released executor's control flow under released-code (src/runtime/agents/released-planner.ts), in MCP-Bench's
  // words when the judge was given the templates of the user's checkout; the paper's loop otherwise.
  const released = fidelity === 'released-code'
  const executor = released ? ('released-code' as const) : ('project' as const)
  return {
    loop: 'planner' as const,
    compress: 'model' as const,
    observationChars: MCP_BENCH_OBSERVATION_CHARS,
    stoppingPlan,
    executor,
    ...(released && templates ? { templates } : {}),
    ...agent,
  }
}

/**
 * The judge gets MCP-Bench's settings unless it is turned off. A model named here or in
 * MCP_BENCH_JUDGE_MODEL is still needed: MCP-Bench's own runs used o4-mini. The calibration belongs to
 * the MCP-Bench rubric, so a pass-fail or custom rubric keeps only the dependency setting.
 */
function presetJudge(judge: BenchOptions['judge'], fidelity: Fidelity): BenchOptions['judge'] {
  if (judge === false) return false
  const given: JudgeConfigInput = typeof judge === 'string' ? { model: judge } : (judge ?? {})
  const rubric = given.rubric ?? 'mcp-bench'
  // Samples averaged dimension by dimension, as evaluator.py:376-385 does (0 when no sample scored one) or,
  // for the paper, over the in-range scores (missing when none).
  const sampleAveraging = fidelity === 'released-code' ? ('mcp-bench-evaluator' as const) : ('per-field' as const)
  return rubric === 'mcp-bench' ? { ...JUDGE, sampleAveraging, ...given } : { dependencyAnalysis: JUDGE.dependencyAnalysis, ...given }
}
