import * as z from 'zod'

/**
 * MCP-Bench's own prompt templates, read out of the user's MCP-Bench checkout by `mcp-bench import
 * --mcp-bench-dir` (src/import/mcp-bench-templates.py runs the checkout's prompt builders on sentinel
 * values) and stored with the imported suite. This package carries none of their wording: it only knows
 * the shape, and fills the `{{NAME}}` placeholders. In `released-code` mode the judge builds its prompt
 * from them (src/runtime/judge/released-prompt.ts).
 */
const MCP_BENCH_TEMPLATES_VERSION = 1

const Parts = z.array(z.string())

const JudgeTemplatesSchema = z.object({
  /** The system message of every judge sample. */
  system: z.string(),
  /** The prompt's parts before the rubric, with the concrete task shown (placeholders TASK, CONCRETE, FINAL_SOLUTION, TOTAL_ROUNDS, EXECUTION_SUMMARY, TOOL_COUNT, TOOLS). */
  headConcrete: Parts,
  /** The same without a concrete task (CONCRETE absent). */
  headPlain: Parts,
  /** The parts that open each main dimension (DIMENSION). */
  dimensionHeading: Parts,
  /** The line of a sub-dimension (INDEX, 1-based; SUBDIMENSION). */
  subDimension: z.string(),
  /** The line of a band (RANGE, TEXT). */
  band: z.string(),
  /** The parts after each sub-dimension's bands. */
  afterSubDimension: Parts,
  /** The parts after the rubric: scoring rules and the reply format. */
  tail: Parts,
  /** The rubric's data: main dimensions, their sub-dimensions, their bands, in the builder's order. */
  dimensions: z.array(
    z.object({
      name: z.string(),
      subDimensions: z.array(z.object({ name: z.string(), bands: z.array(z.tuple([z.string(), z.string()])) })),
    }),
  ),
  /** The execution summary handed to the judge (_create_execution_summary). */
  summary: z.object({
    empty: z.string(),
    /** TOTAL_ROUNDS, CALLS, SUCCEEDED, FAILED. */
    counts: Parts,
    succeeded: z.string(),
    failed: z.string(),
    separator: z.string(),
    nameSeparator: z.string(),
    /** STATS, ACCUMULATED. */
    accumulated: z.string(),
  }),
  /** The tool list (_format_available_tools). */
  tools: z.object({
    empty: z.string(),
    server: z.string(),
    tool: z.string(),
    descriptionLimit: z.number().int().positive(),
    descriptionCut: z.string(),
    missingDescription: z.string(),
  }),
})

const ExecutorTemplatesSchema = z.object({
  /** Opens each round of the accumulated information (ROUND). */
  roundHeader: z.string(),
  /** One line per call (TOOL, PARAMETERS, SERVER, CONTENT; TOKENS in the summarised forms). */
  succeeded: z.string(),
  failed: z.string(),
  succeededSummarised: z.string(),
  failedSummarised: z.string(),
  succeededTruncated: z.string(),
  failedTruncated: z.string(),
  /** The error of a call to a tool not in the catalog (TOOL), and the server it is shown on. */
  unknownTool: z.string(),
  unknownToolServer: z.string(),
  /** From the checkout's config/benchmark_config.yaml. */
  config: z.object({
    summaryThresholdTokens: z.number().int().nonnegative(),
    resultCut: z.number().int().positive(),
    errorCut: z.number().int().positive(),
    maxRounds: z.number().int().positive(),
    planningTokens: z.number().int().positive(),
    sequentialOnlyTools: z.array(z.string()),
  }),
})

/** agent/executor.py's planner (and mcp_modules/connector.py's tool list), for the planner's `executor: 'released-code'`. */
const PlannerTemplatesSchema = z.object({
  /** The system message of a round's planning request (ROUND). */
  planningSystem: z.string(),
  /** The planning request (TASK, ROUND, TOOLS, MAX_ROUNDS, SUMMARY). */
  planning: z.string(),
  /** SUMMARY before any call was made. */
  firstRound: z.string(),
  /** SUMMARY afterwards (ACCUMULATED: the round summaries, as the judge's evidence writes them). */
  accumulated: z.string(),
  /** SUMMARY when calls were made but the history is empty (compressed to nothing). */
  nothingYet: z.string(),
  /** One tool in TOOLS (NAME, SERVER, DESCRIPTION), without and with an input schema (SCHEMA: Python's json.dumps, indent 2). */
  tool: z.string(),
  toolWithSchema: z.string(),
  /** The format-fix request (REPLY). */
  formatFixSystem: z.string(),
  formatFix: z.string(),
  /** The request summarising a long result (THRESHOLD, CONTENT), and what follows the cut content when it fails. */
  summarySystem: z.string(),
  summary: z.string(),
  summaryFailed: z.string(),
  /** The request compressing the history (TARGET, HISTORY). */
  compressionSystem: z.string(),
  compression: z.string(),
  /** The rules applied when the model does not shorten the history (`_fallback_rule_based_compression`; LAST in `middle`). */
  compressionRules: z.object({ early: z.string(), marker: z.string(), middle: z.string(), cut: z.string() }),
  /** The final answer's request (TASK, CALLS, ACCUMULATED). */
  finalSystem: z.string(),
  final: z.string(),
  /** From the checkout's config/benchmark_config.yaml and the executor's defaults. */
  config: z.object({
    formatFixTokens: z.number().int().positive(),
    summaryTokens: z.number().int().positive(),
    /** Requests other than planning are cut to this many characters (`user_prompt_max_length`). */
    promptCut: z.number().int().positive(),
    tokenReductionFactors: z.array(z.number().positive()),
    compressionTargetTokens: z.number().int().positive(),
    /** What an error's text contains when it is a token limit (the executor reduces max_tokens, then compresses). */
    tokenLimitErrors: z.array(z.string()),
    /** What an error's text contains when a content filter refused the request (llm/provider.py: no retry). */
    contentFilterErrors: z.array(z.string()),
  }),
})
export type McpBenchPlannerTemplates = z.infer<typeof PlannerTemplatesSchema>

export const McpBenchTemplatesSchema = z.object({
  version: z.literal(MCP_BENCH_TEMPLATES_VERSION),
  source: z.object({ commit: z.string().nullable() }),
  judge: JudgeTemplatesSchema,
  executor: ExecutorTemplatesSchema,
  /** Absent in files written before the planner's templates were imported: the planner then keeps this project's wording. */
  planner: PlannerTemplatesSchema.optional(),
})
export type McpBenchTemplates = z.infer<typeof McpBenchTemplatesSchema>

/** The file `mcp-bench import` writes next to the task files. */
export const MCP_BENCH_TEMPLATES_FILE = 'mcp-bench-templates.json'

/** Fills `{{NAME}}` placeholders; a value is inserted as it is (no placeholder inside it is expanded). */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
