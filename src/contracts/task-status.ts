import * as z from 'zod'

/** A task's status on the board: the one list every stage (scoring, reports, compare, gate) names. */
export const TaskStatusSchema = z.enum(['passed', 'failed', 'errored', 'setup-error', 'unscored'])
export type TaskStatus = z.infer<typeof TaskStatusSchema>
