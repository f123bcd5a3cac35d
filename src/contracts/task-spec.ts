import * as z from 'zod'
import { knownUnits, parseUnit } from './units.ts'

/** A tool reference in a task file: `server.tool` (for example `math.add`). */
const QualifiedRef = z.string().regex(/^[^.\s]+\.[^\s]+$/, 'expected "server.tool", for example "math.add"')

export const ReferenceCallSchema = z.object({
  id: z.string().min(1),
  tool: QualifiedRef,
  args: z.record(z.string(), z.unknown()).default({}),
  /** Ids of reference calls whose results this call depends on. */
  after: z.array(z.string()).default([]),
})
export type ReferenceCall = z.infer<typeof ReferenceCallSchema>

const FactValue = z.union([z.string().min(1), z.number()])

/**
 * A fact a good answer states. A bare string or number must appear in the
 * reference plan's tool outputs (the suite lint and the reference agent check
 * it); a fact computed from those outputs says how, in `derived`. `goal` names
 * the part of a multi-goal task the fact belongs to, for partial credit.
 *
 * The object form also says how else the fact may be written and what must not
 * be said instead, so that a careful answer passes and a hedge does not:
 * - `anyOf`: other accepted spellings (`'15 weeks 1 day'` beside `'15w1d'`); any one satisfies the fact.
 *   Without `value`, the first is the fact's canonical value.
 * - `unit`: the unit `value` is in (`'m'`, `'°C'`, `'GB'`, …). A number written with another unit of the same
 *   quantity (`7,001 ft`, `22.4 GiB`) is converted before it is compared; a bare number counts in `unit`.
 * - `forbid`: values that must not appear in the answer: the candidates a choice task rejects. A fact is
 *   not met when the answer also states one of them, so naming every candidate fails. A number is forbidden by
 *   the number rule (with `unit`), text as whole words ("Arches" does not forbid "Archeson").
 * See docs/scoring.md ("Facts") for the matching rules.
 */
const FactObjectSchema = z
  .strictObject({
    value: FactValue.optional(),
    anyOf: z.array(FactValue).min(1).optional(),
    unit: z
      .string()
      .min(1)
      .refine((u) => parseUnit(u) !== undefined, {
        error: (issue) => `unknown unit ${JSON.stringify(issue.input)}; known: ${knownUnits().join(', ')}`,
      })
      .optional(),
    forbid: z.array(FactValue).min(1).optional(),
    /** How the value is computed from tool outputs (for example "sum of the two totals"): exempt from the grounding check. */
    derived: z.string().min(1).optional(),
    /** The goal of the task this fact checks; facts without one belong to the task as a whole. */
    goal: z.string().min(1).optional(),
  })
  .refine((f) => f.value !== undefined || f.anyOf !== undefined, { message: 'a fact needs a `value` or `anyOf`', path: ['value'] })

export const FactSchema = z.union([z.string().min(1), z.number(), FactObjectSchema])
export type Fact = z.infer<typeof FactSchema>

export const ReferencePlanSchema = z
  .object({
    calls: z.array(ReferenceCallSchema).default([]),
    /** The reference answer the judge compares against. The reference agent returns it. */
    answer: z.string().optional(),
    /** Key facts a good answer states; numbers match after normalisation. */
    facts: z.array(FactSchema).default([]),
    /** The dependency structure in words, as MCP-Bench's task files give it; the judge reads it next to the calls. */
    dependencyAnalysis: z.string().optional(),
    /**
     * The longest answer whose facts are checked (characters); longer ones fail "answer too long to check".
     * Default: the run's `defaultChecks.answerLimits` (8× this reference answer's length, at least 1,500).
     */
    maxAnswerChars: z.number().int().positive().optional(),
    /** The most different numbers an answer may state when the task has number facts. Default: 3× the reference answer's, at least 30. */
    maxAnswerNumbers: z.number().int().positive().optional(),
  })
  .superRefine((plan, ctx) => {
    // Every `after` names another call of the plan, and ids are unique: the dependency check, the reference agent
    // and the judge's plan all look calls up by id, and a dangling one is a typo the author must hear about, with
    // the field, not a crash of the scoring at the end of the run.
    const ids = new Set<string>()
    plan.calls.forEach((call, i) => {
      if (ids.has(call.id))
        ctx.addIssue({
          code: 'custom',
          path: ['calls', i, 'id'],
          message: `duplicate call id ${JSON.stringify(call.id)}: every reference call needs its own id`,
        })
      ids.add(call.id)
    })
    plan.calls.forEach((call, i) =>
      call.after.forEach((dep, j) => {
        if (dep === call.id)
          ctx.addIssue({
            code: 'custom',
            path: ['calls', i, 'after', j],
            message: `call ${JSON.stringify(call.id)} cannot come after itself`,
          })
        else if (!ids.has(dep))
          ctx.addIssue({
            code: 'custom',
            path: ['calls', i, 'after', j],
            message: `unknown call id ${JSON.stringify(dep)}; the plan's ids are ${[...ids].map((id) => JSON.stringify(id)).join(', ')}`,
          })
      }),
    )
  })
export type ReferencePlan = z.infer<typeof ReferencePlanSchema>

/**
 * How tool-call precision and recall pair the agent's calls with the
 * reference plan's: always by tool (`server.tool`), and with `args: 'exact'`
 * also by arguments, compared as parsed JSON. The tolerances loosen only
 * number comparisons: two numbers are equal when they differ by at most
 * `tolerance`, or by at most `relativeTolerance` times the larger magnitude
 * (the rule of Python's `math.isclose`).
 */
export const CallMatchSchema = z
  .strictObject({
    /** `ignore` (default): the tool alone decides. `exact`: the arguments must be deeply equal as well. */
    args: z.enum(['ignore', 'exact']).default('ignore'),
    /** Largest absolute difference at which two numbers in the arguments still count as equal. */
    tolerance: z.number().nonnegative().optional(),
    /** Largest difference, as a fraction of the larger of the two magnitudes, at which numbers still count as equal. */
    relativeTolerance: z.number().nonnegative().optional(),
  })
  .refine((m) => m.args === 'exact' || (m.tolerance === undefined && m.relativeTolerance === undefined), {
    message: 'a tolerance compares arguments, so it needs args: "exact"',
    path: ['args'],
  })
export type CallMatchInput = z.input<typeof CallMatchSchema>
export type CallMatchSetting = z.infer<typeof CallMatchSchema>

export const TaskSpecSchema = z.strictObject({
  /** Names of servers from the server config that this task needs. */
  servers: z.array(z.string().min(1)).min(1),
  /** The concrete task, with its steps: the judge's reference. */
  prompt: z.string().min(1),
  /** The conversational rewrite the agent sees by default (MCP-Bench's fuzzy task). */
  fuzzy: z.string().min(1).optional(),
  /** Free-form category, by convention `<setting>/<call shape>`, e.g. `single-server/sequential`. */
  category: z.string().optional(),
  reference: ReferencePlanSchema.optional(),
  /** Per-task timeout in ms (agent plus checks). */
  timeout: z.number().int().positive().optional(),
  maxRounds: z.number().int().positive().optional(),
  /** Most tool calls the agent may make (MCP-AgentBench caps a query at 30 actions). */
  maxToolCalls: z.number().int().positive().optional(),
  /** Extra, unrelated servers whose tools join the catalog: how many to draw (MCP-Bench uses 10), or which. */
  distractors: z.union([z.number().int().nonnegative(), z.array(z.string().min(1))]).optional(),
  /**
   * Files the task's workspace servers (those whose config uses `${TASK_DIR}`) start with:
   * a directory to copy (relative to the project root) or `{ "relative/path": "content" }`.
   */
  files: z.union([z.string().min(1), z.record(z.string(), z.string())]).optional(),
  /** Show the agent the concrete prompt instead of the fuzzy one. */
  useConcretePrompt: z.boolean().optional(),
  /** `easy`: MCP-AgentBench's single / parallel / sequential shapes. `hard`: long, branching, multi-goal plans as in MCP-Bench. */
  tier: z.enum(['easy', 'hard']).default('easy'),
  tags: z.array(z.string()).default([]),
  /** How tool-call precision and recall match calls against the reference plan; default: by tool, ignoring arguments. */
  callMatch: CallMatchSchema.optional(),
})
export type TaskSpecInput = z.input<typeof TaskSpecSchema>
export type TaskSpec = z.infer<typeof TaskSpecSchema>
