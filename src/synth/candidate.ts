import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { Chain } from './chains.ts'
import { parseDraft, parseScores, type QualityScores, type TaskDraft } from './draft.ts'
import type { ToolProfile } from './links.ts'
import { ModelRequestError, type SynthModel } from './model.ts'
import { generationMessages, qualityMessages, repairMessage, toolsFor } from './prompts.ts'
import type { CandidateReport, ExecutionVerdict, Reason } from '../contracts/synth-report.ts'

export interface CandidateContext {
  model: SynthModel
  tools: readonly ToolProfile[]
  /** Runs a draft's plan against the servers (see verify.ts). */
  verify: (draft: TaskDraft, chain: Chain) => Promise<ExecutionVerdict>
  minSolvability: number
  minUtility: number
}

/** A candidate's record, without the place it gets in the run (number, task id, file). */
export type CandidateOutcome = Omit<CandidateReport, 'n' | 'taskId' | 'file' | 'draft'> & { draft: TaskDraft | null }

type Attempt = CandidateReport['attempts'][number]

/**
 * One chain through the whole of synthesis. The model writes a draft; the
 * draft's plan runs against the servers; a draft that fails execution goes
 * back once with the failures and what each call returned, for a repair.
 * The final draft (the first, or the repair) is then scored by the model for
 * solvability and utility. The two signals are independent: a task is kept
 * only when its execution passed and both scores reach their thresholds.
 * A reply that does not parse drops the candidate at once, with the reason.
 * A fatal model error (bad key, unknown model) is thrown: it would fail every
 * candidate after this one too.
 */
export async function runCandidate(chain: Chain, ctx: CandidateContext): Promise<CandidateOutcome> {
  const attempts: Attempt[] = []
  const reasons: Reason[] = []
  const conversation = generationMessages(chain, ctx.tools)
  let final: TaskDraft | null = null
  let verdict: ExecutionVerdict | null = null

  for (const kind of ['generate', 'repair'] as const) {
    if (kind === 'repair') conversation.push({ role: 'user', content: repairMessage(verdict!) })
    const reply = await ask(ctx.model, conversation)
    if (!reply.ok) {
      attempts.push({ kind, parsed: null, error: reply.error, execution: null })
      reasons.push({ kind: 'model-error', detail: reply.error })
      break
    }
    conversation.push({ role: 'assistant', content: reply.text })
    const parsed = parseDraft(reply.text)
    if (!parsed.ok) {
      attempts.push({ kind, parsed: false, error: parsed.error, execution: null })
      reasons.push({ kind: 'unparseable', detail: kind === 'repair' ? `the repair: ${parsed.error}` : parsed.error })
      break
    }
    final = parsed.value
    verdict = await ctx.verify(parsed.value, chain)
    attempts.push({ kind, parsed: true, execution: verdict })
    if (verdict.passed) break
    if (kind === 'repair') reasons.push(...verdict.failures)
  }

  let scores: QualityScores | null = null
  if (final) {
    const reply = await ask(ctx.model, qualityMessages(final, toolsFor(chain, ctx.tools)))
    const parsed = reply.ok ? parseScores(reply.text) : { ok: false as const, error: reply.error }
    if (parsed.ok) {
      scores = parsed.value
      if (scores.solvability < ctx.minSolvability)
        reasons.push({
          kind: 'low-solvability',
          detail: `solvability ${scores.solvability} is below ${ctx.minSolvability}${note(scores.solvabilityFeedback)}`,
        })
      if (scores.utility < ctx.minUtility)
        reasons.push({ kind: 'low-utility', detail: `utility ${scores.utility} is below ${ctx.minUtility}${note(scores.utilityFeedback)}` })
    } else {
      reasons.push({ kind: 'unscored', detail: parsed.error })
    }
  }

  const executed = attempts.some((a) => a.execution?.passed)
  const status = reasons.length > 0 ? 'dropped' : attempts.length > 1 ? 'repaired' : 'kept'
  return {
    chain: {
      key: chain.key,
      tools: chain.tools,
      servers: chain.servers,
      score: chain.score,
      links: chain.links.map(({ weight: _w, ...l }) => l),
    },
    status,
    reasons,
    scores,
    executed,
    attempts,
    draft: final,
  }
}

function note(feedback: string | undefined): string {
  return feedback ? ` (${feedback})` : ''
}

async function ask(
  model: SynthModel,
  messages: ChatCompletionMessageParam[],
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  try {
    return { ok: true, text: await model.complete(messages) }
  } catch (error) {
    if (error instanceof ModelRequestError && !error.fatal) return { ok: false, error: error.message }
    throw error
  }
}
