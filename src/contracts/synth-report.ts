import * as z from 'zod'
import { ReferencePlanSchema } from './task-spec.ts'

/** How a synthesized chain's steps are linked (what the next call's argument was taken from). */
const LINK_KINDS = ['output-field', 'output-meaning', 'description', 'number'] as const
export type LinkKind = (typeof LINK_KINDS)[number]

/**
 * `synth-report.json`: every candidate synthesis tried, with the model's
 * scores, the execution verdict and why it was kept or dropped. The one
 * external format of `mcp-bench synth`; bump the version on a breaking change.
 */
export const SYNTH_REPORT_VERSION = 1

/** Why a candidate (or one attempt of it) failed. */
const REASON_KINDS = [
  /** The model's reply held no task draft that parses. */
  'unparseable',
  /** The request to the model failed (HTTP error after retries, cassette miss). */
  'model-error',
  /** A call names a tool that is not on the candidate's servers. */
  'unknown-tool',
  /** The plan's `after` ids name no call, form a cycle, or repeat an id. */
  'bad-plan',
  /** A call's arguments fail the tool's input schema. */
  'schema-invalid',
  /** A call returned an error (or threw). */
  'call-failed',
  /** A fact not marked `derived` is in none of the tool outputs. */
  'ungrounded-fact',
  /** The reference answer does not state a fact. */
  'answer-missing-fact',
  /** The fuzzy text names a tool. */
  'fuzzy-names-tool',
  /** The model's solvability score is below the threshold. */
  'low-solvability',
  /** The model's utility score is below the threshold. */
  'low-utility',
  /** The model's scores could not be read. */
  'unscored',
] as const
const ReasonKindSchema = z.enum(REASON_KINDS)
export type ReasonKind = z.infer<typeof ReasonKindSchema>

const ReasonSchema = z.object({ kind: ReasonKindSchema, detail: z.string() })
export type Reason = z.infer<typeof ReasonSchema>

const CallReportSchema = z.object({
  id: z.string(),
  tool: z.string(),
  /** `not-run`: an earlier layer failed, or the plan never reached the servers. */
  status: z.enum(['ok', 'error', 'not-run']),
  /** Null when the tool is unknown or the call never ran. */
  schemaValid: z.boolean().nullable(),
  /** The start of what it returned. */
  output: z.string().optional(),
})

const ExecutionSchema = z.object({
  passed: z.boolean(),
  failures: z.array(ReasonSchema),
  calls: z.array(CallReportSchema),
})

export type ExecutionVerdict = z.infer<typeof ExecutionSchema>

const DraftReportSchema = z.object({
  task: z.string(),
  fuzzy: z.string(),
  reference: ReferencePlanSchema,
})

const AttemptSchema = z.object({
  kind: z.enum(['generate', 'repair']),
  /** Null when the request itself failed. */
  parsed: z.boolean().nullable(),
  error: z.string().optional(),
  /** Null when there was no draft to run. */
  execution: ExecutionSchema.nullable(),
})

const ScoresSchema = z.object({
  solvability: z.number(),
  utility: z.number(),
  solvabilityFeedback: z.string().optional(),
  utilityFeedback: z.string().optional(),
})

const ChainReportSchema = z.object({
  key: z.string(),
  tools: z.array(z.string()),
  servers: z.array(z.string()),
  score: z.number(),
  links: z.array(z.object({ from: z.string(), to: z.string(), param: z.string(), via: z.enum(LINK_KINDS), detail: z.string() })),
})

const CandidateReportSchema = z.object({
  /** 1-based, in the order tried. */
  n: z.number().int().positive(),
  chain: ChainReportSchema,
  /** `kept` on the first try, `repaired` after one repair, or `dropped`. */
  status: z.enum(['kept', 'repaired', 'dropped']),
  /** Why it was dropped; empty when kept. */
  reasons: z.array(ReasonSchema),
  /** The model's scores of the final draft; null when it wrote none that parsed, or they could not be read. */
  scores: ScoresSchema.nullable(),
  /** Passed execution (first try or after the repair). */
  executed: z.boolean(),
  attempts: z.array(AttemptSchema),
  /** The final draft, when one parsed. */
  draft: DraftReportSchema.nullable(),
  /** Where a kept task went. */
  taskId: z.string().nullable(),
  file: z.string().nullable(),
})
export type CandidateReport = z.infer<typeof CandidateReportSchema>

const UsageReportSchema = z.object({
  requests: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
  /** Null when no price is known for the model. */
  usd: z.number().nonnegative().nullable(),
})
export type UsageReport = z.infer<typeof UsageReportSchema>

export const SynthReportSchema = z.object({
  version: z.literal(SYNTH_REPORT_VERSION),
  settings: z.object({
    servers: z.array(z.string()),
    model: z.string(),
    count: z.number().int().positive(),
    seed: z.number().int(),
    allowCalls: z.boolean(),
    minSolvability: z.number(),
    minUtility: z.number(),
  }),
  catalog: z.object({
    tools: z.number().int().nonnegative(),
    /** The sample calls made (`--allow-calls`), and the tools not called with the reason. */
    sampled: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) })),
    notSampled: z.array(z.object({ tool: z.string(), reason: z.string() })),
  }),
  chains: z.object({
    links: z.number().int().nonnegative(),
    found: z.number().int().nonnegative(),
    selected: z.number().int().nonnegative(),
  }),
  candidates: z.array(CandidateReportSchema),
  totals: z.object({
    candidates: z.number().int().nonnegative(),
    kept: z.number().int().nonnegative(),
    repaired: z.number().int().nonnegative(),
    dropped: z.number().int().nonnegative(),
    /** Dropped candidates by their first reason. */
    droppedBy: z.partialRecord(ReasonKindSchema, z.number().int().positive()),
  }),
  usage: UsageReportSchema,
  files: z.array(z.object({ name: z.string(), tasks: z.number().int().positive() })),
  /** Set when the run stopped early (a model that cannot be reached, a bad key), with the reason. */
  stopped: z.string().nullable(),
})
export type SynthReport = z.infer<typeof SynthReportSchema>
