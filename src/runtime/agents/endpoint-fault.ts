import OpenAI from 'openai'
import { BudgetRefusal } from '../../contracts/budget.ts'

/**
 * An agent's failure that was its model endpoint's, not its own: the openai SDK gave up on a connection that
 * failed or timed out, or on a 408, 409, 429 or 5xx after its retries. A resumed run runs such a task again
 * (src/node/resume.ts); an answer the agent got wrong, or a 400 for a request it made badly, stays its own.
 */
export function isEndpointFault(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true
  if (!(error instanceof OpenAI.APIError)) return false
  const status = error.status
  return status === 408 || status === 409 || status === 429 || (typeof status === 'number' && status >= 500)
}

/** The run's budget turned the agent's model request away (`budget: { inFlight: 'cancel' }`): the task is not run. */
export function isBudgetRefusal(error: unknown): boolean {
  return error instanceof BudgetRefusal || (error instanceof Error && error.name === 'BudgetRefusal')
}
