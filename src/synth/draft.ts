import * as z from 'zod'
import { FactSchema, ReferenceCallSchema } from '../contracts/task-spec.ts'
import { extractJsonObjects } from '../lib/tolerant-json.ts'

/**
 * What the model writes for one chain: the concrete task, its fuzzy rewrite,
 * and the reference plan in the task files' own `reference` format (calls
 * with `server.tool`, args and `after`; the answer; the facts, marked
 * `derived` where computed). The task spec's schemas are reused, so a draft
 * that parses here is a valid `reference` there.
 */
export const TaskDraftSchema = z.object({
  /** The concrete task, with every input value and its steps. */
  task: z.string().trim().min(1),
  /** The same request as a person would make it: no tool names, no steps. */
  fuzzy: z.string().trim().min(1),
  reference: z.object({
    calls: z.array(ReferenceCallSchema).min(1, 'the plan needs at least one call'),
    answer: z.string().trim().min(1),
    facts: z.array(FactSchema).min(1, 'name at least one fact the answer states'),
    dependencyAnalysis: z.string().trim().min(1).optional(),
  }),
})
export type TaskDraft = z.infer<typeof TaskDraftSchema>

/** The model's own opinion of a task (MCP-Bench's quality filter): 1–10 each. */
const QualityScoresSchema = z.object({
  solvability: z.coerce.number().min(0).max(10),
  utility: z.coerce.number().min(0).max(10),
  solvabilityFeedback: z.string().optional(),
  utilityFeedback: z.string().optional(),
})
export type QualityScores = z.infer<typeof QualityScoresSchema>

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

/** The first JSON object in a reply (fenced or bare, with prose around it) that the schema accepts, or why there is none. */
function parseReply<T>(text: string, schema: z.ZodType<T>, wanted: string): Parsed<T> {
  const objects = extractJsonObjects(text)
  if (objects.length === 0) return { ok: false, error: `the reply holds no JSON object (it begins: ${JSON.stringify(text.slice(0, 80))})` }
  let first: z.ZodError | undefined
  for (const object of objects) {
    const parsed = schema.safeParse(object)
    if (parsed.success) return { ok: true, value: parsed.data }
    first ??= parsed.error
  }
  const issues = first!.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  return { ok: false, error: `the reply is not ${wanted}: ${issues.join('; ')}` }
}

export const parseDraft = (text: string) => parseReply(text, TaskDraftSchema, 'a task draft')
export const parseScores = (text: string) => parseReply(text, QualityScoresSchema, 'a pair of quality scores')
