import * as z from 'zod'

/**
 * The `budget` option: what a run may spend, agents and judge together, before it stops starting tasks.
 * `inFlight`: what happens to the tasks already running when it is reached: `finish` (default) lets them end;
 * `cancel` turns their agents' next model requests away, and they are listed as not run with the rest.
 */
export const BudgetSchema = z
  .strictObject({
    /** US dollars at list price (the bundled prices and the `prices` option). */
    usd: z.number().positive().optional(),
    /** Tokens, prompt and completion, agents and judge. */
    tokens: z.number().int().positive().optional(),
    inFlight: z.enum(['finish', 'cancel']).default('finish'),
  })
  .refine((b) => b.usd !== undefined || b.tokens !== undefined, { message: 'a budget needs `usd` or `tokens` (or both)' })
export type Budget = z.infer<typeof BudgetSchema>
/** The `budget` option as written (`inFlight` may be left out). */
export type BudgetOption = z.input<typeof BudgetSchema>

/** Why a task was not started, in the reports: its one reason so far is the budget. */
export const NOT_RUN_REASONS = ['budget'] as const

/** Thrown in a worker where the run's budget turned a task or a model request away (src/runtime/limit/slot-client.ts). */
export class BudgetRefusal extends Error {
  override name = 'BudgetRefusal'
  constructor() {
    super("not run (budget): the run's budget is spent")
  }
}
