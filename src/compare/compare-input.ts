import * as z from 'zod'
import { TaskStatusSchema } from '../contracts/task-status.ts'
import { AgentIsolationSchema } from '../contracts/isolation.ts'
import { pairKey } from './pairing.ts'
import { TaskToolsSchema } from '../contracts/tool-diagnostics.ts'

/**
 * What `compare` and the baseline gate read from a leaderboard: only the task
 * records' identity, status and scores. Everything else in the file is
 * ignored, so leaderboards of any schema version that keep these fields
 * compare with each other.
 */

const Score = z.number().min(0).max(1).nullable()

/** The per-tool counts compare reads of a task (`mcp-bench compare` by tool); absent in boards written before them. */
const ComparableToolsSchema = z.object({
  planned: z.boolean(),
  uses: z.array(TaskToolsSchema.shape.uses.element.pick({ tool: true, referenced: true, matched: true, called: true, calledOk: true })),
})
export type ComparableTools = z.infer<typeof ComparableToolsSchema>

const ComparableRecordSchema = z.object({
  id: z.string().min(1),
  agent: z.string(),
  /** The server variant of the record's row, in a run with `variants`. */
  variant: z.string().optional(),
  tools: ComparableToolsSchema.nullable().optional(),
  trial: z.number().int().positive(),
  status: TaskStatusSchema,
  /** How far the agent's code was held; absent in boards written before it existed. */
  isolation: AgentIsolationSchema.nullable().optional(),
  scores: z.object({
    domains: z.object({
      schemaUnderstanding: Score,
      taskCompletion: Score,
      toolUsage: Score,
      planningEffectiveness: Score,
    }),
    overall: Score,
    ruleScore: Score,
  }),
})
export type ComparableRecord = z.infer<typeof ComparableRecordSchema>

const ComparableRunSchema = z.object({ tasks: z.array(ComparableRecordSchema) })

/** One run to compare: its records and the name it goes by in messages (usually the file). */
export interface ComparableRun {
  source: string
  tasks: ComparableRecord[]
}

/** A leaderboard that cannot be compared; the message names the source and the field. */
export class CompareInputError extends Error {
  constructor(
    readonly source: string,
    readonly field: string | null,
    detail: string,
  ) {
    super(field === null ? `${source}: ${detail}` : `${source}: ${field}: ${detail}`)
    this.name = 'CompareInputError'
  }
}

/** `tasks[3].scores.overall` from a zod issue path. */
function fieldName(path: readonly PropertyKey[]): string | null {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`
  return out || null
}

/**
 * Validates a parsed leaderboard and checks that no (id, agent, trial) occurs
 * twice, since pairing would then be ambiguous. Throws CompareInputError.
 */
export function readComparableRun(data: unknown, source: string): ComparableRun {
  const parsed = ComparableRunSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new CompareInputError(source, fieldName(issue.path), issue.message)
  }
  const seen = new Map<string, number>()
  parsed.data.tasks.forEach((r, i) => {
    const key = pairKey(r)
    const first = seen.get(key)
    if (first !== undefined) {
      throw new CompareInputError(
        source,
        `tasks[${i}]`,
        `task "${r.id}" of agent "${r.agent}", trial ${r.trial}, occurs twice (first at tasks[${first}])`,
      )
    }
    seen.set(key, i)
  })
  return { source, tasks: parsed.data.tasks }
}

/** Parses a leaderboard's JSON text; see readComparableRun. */
export function parseComparableRun(text: string, source: string): ComparableRun {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new CompareInputError(source, null, `not valid JSON (${(err as Error).message})`)
  }
  return readComparableRun(data, source)
}
