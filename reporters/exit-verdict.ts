import type { Leaderboard } from '../src/contracts/leaderboard.ts'
import { integrityProblem } from '../src/node/task-file-integrity.ts'

export interface RunFacts {
  gateConfigured: boolean
  /** Failing tests that are not benchmark tasks (a project's own tests in the same run). */
  otherFailures: number
  unhandledErrors: number
  /** Report files that could not be written (a page too large for a string, a full disk): the run fails for them. */
  unwritten?: readonly string[]
  /** 128 + the signal's number, when a signal interrupted the run. */
  interruptCode?: number
  /** A Vitest worker died mid-run: the run was cut short, though no signal came. */
  workerDied?: boolean
}

/** `n thing(s)`: the plural is the singular plus "s" unless given. */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The exit code of a benchmark run and the sentence that explains it, which the run prints last. */
export function exitVerdict(board: Leaderboard, facts: RunFacts): { code: number; reason: string } {
  const notPassed = board.tasks.filter((t) => t.status === 'failed' || t.status === 'errored').length
  const unscored = board.tasks.filter((t) => t.status === 'unscored').length
  // A signal that came after every task had finished (while the last results or the reports were written) leaves
  // a whole leaderboard, but the run still ends with the signal's code, as Vitest's own would.
  if (!board.interrupted && facts.interruptCode !== undefined)
    return {
      code: facts.interruptCode,
      reason: `a signal came after every task had finished: ${plural(board.tasks.length, 'task')} written, none unfinished; exit ${facts.interruptCode}`,
    }
  if (board.interrupted) {
    // A signal exits with its own code; a worker's death is a failure of the run (exit 1), whatever else came.
    const code = facts.workerDied ? 1 : (facts.interruptCode ?? 130)
    const cause = facts.workerDied ? ' (a Vitest worker exited unexpectedly)' : ''
    const notRun = board.fileErrors.length ? ` and ${plural(board.fileErrors.length, 'file')} that did not run or load` : ''
    return {
      code,
      reason: `interrupted${cause}: ${plural(board.tasks.length, 'finished task')} written, ${board.unfinished.length} unfinished${notRun} listed in leaderboard.json; exit ${code}`,
    }
  }
  if (board.notRun?.length) {
    const why = board.budget?.reached ? ` (${board.budget.reached})` : ''
    return {
      code: 1,
      reason: `budget reached${why}: ${plural(board.tasks.length, 'finished task')} written, ${plural(board.notRun.length, 'task')} not run (budget) listed in leaderboard.json; MCP_BENCH_RESUME=1 runs them; exit 1`,
    }
  }
  const setup: string[] = [
    [board.tasks.filter((t) => t.status === 'setup-error').length, 'setup error'] as const,
    [board.fileErrors.length, 'benchmark file that did not load', 'benchmark files that did not load'] as const,
    [facts.otherFailures, 'failing non-benchmark test'] as const,
    [facts.unhandledErrors, 'unhandled error'] as const,
  ]
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
  if (facts.unwritten?.length) setup.unshift(`${facts.unwritten.join(', ')} could not be written`)
  const integrity = integrityProblem(board.integrity)
  if (integrity) setup.unshift(integrity)
  if (setup.length) return { code: 1, reason: `exit 1: ${setup.join(', ')} (see above), whatever the gate` }
  const although = notPassed ? ` although ${plural(notPassed, 'task')} did not pass (their scores count)` : ''
  if (!board.gate.applied) return { code: 0, reason: `${board.gate.note}; exit 0${although}` }
  if (facts.gateConfigured) {
    const cannotTell = board.gate.baseline?.checks.some((c) => c.verdict === 'too-few') ?? false
    return board.gate.passed
      ? {
          code: 0,
          reason: `gate passed${cannotTell ? ', though the baseline gate could not tell (too few paired tasks)' : ''}: exit 0${although}`,
        }
      : { code: 1, reason: `gate failed: exit 1 (${plural(board.gate.failures.length, 'threshold')} missed, listed above)` }
  }
  return notPassed
    ? { code: 1, reason: `exit 1: ${plural(notPassed, 'task')} did not pass and no gate is configured (a gate decides by score instead)` }
    : {
        code: 0,
        reason: unscored
          ? `exit 0: no task failed; ${plural(unscored, 'task')} unscored (nothing decides them: no facts, plan or checks, and no judge)`
          : 'exit 0: every task passed',
      }
}
