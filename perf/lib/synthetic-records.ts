/**
 * Synthetic but varied task records for the aggregation benchmark: 8 agents, up to 3 trials, one- to
 * three-server tasks of every call shape and tier, judged and not, every status. Built through the same
 * `taskRecord` the reporter uses, so they are the records a real run would hold.
 */
import { OUTCOME_VERSION, type TaskOutcome } from '../../src/contracts/outcome.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { TRAJECTORY_VERSION, type ToolCallRecord } from '../../src/contracts/trajectory.ts'

const SERVERS = [['math'], ['weather'], ['math', 'weather'], ['wikipedia', 'paper-search'], ['weather', 'google-maps', 'national-parks']]
const AGENTS = Array.from({ length: 8 }, (_, i) => `agent-${i + 1}`)

/** One synthetic outcome; `i` picks every variation deterministically. */
function outcome(i: number): { outcome: TaskOutcome; state: 'passed' | 'failed' | 'skipped' } {
  const servers = SERVERS[i % SERVERS.length]!
  const sequential = i % 3 === 2
  const calls: ToolCallRecord[] = Array.from({ length: 1 + (i % 4) }, (_, k) => ({
    id: `c${k}`,
    round: sequential ? k + 1 : 1,
    name: `${servers[k % servers.length]}__t${k}`,
    server: servers[k % servers.length]!,
    tool: `t${k}`,
    distractor: false,
    args: { n: k },
    valid: i % 17 !== k,
    schemaValid: i % 19 === k ? false : true,
    isError: i % 23 === k,
    startedAt: k,
    durationMs: 1,
  }))
  const judged = i % 2 === 0
  const score = (d: number) => 1 + ((i + d) % 10)
  const stopped =
    i % 29 === 0
      ? { phase: 'servers' as const, message: 'Server "math" failed to start' }
      : i % 31 === 0
        ? { phase: 'agent' as const, message: 'agent timed out after 1000 ms' }
        : null
  const task = Math.floor(i / AGENTS.length)
  return {
    state: stopped || i % 7 === 0 ? 'failed' : i % 37 === 0 ? 'skipped' : 'passed',
    outcome: {
      version: OUTCOME_VERSION,
      taskId: `task-${task % 5000}`,
      agent: AGENTS[i % AGENTS.length]!,
      trial: 1 + (Math.floor(task / 5000) % 3),
      file: `benchmarks/file-${task % 50}.test.ts`,
      servers,
      category: null,
      tier: i % 5 === 0 ? 'hard' : 'easy',
      tags: [],
      reference: {
        calls: calls.map((c, k) => ({
          id: `r${k}`,
          tool: `${c.server}.${c.tool}`,
          args: { n: k },
          after: sequential && k ? [`r${k - 1}`] : [],
        })),
        answer: 'synthetic answer',
        facts: [`${i % 100}`, { value: i % 13, goal: 'g' }],
      },
      callMatch: null,
      distractors: { joined: [], skipped: [] },
      stopped,
      trajectory:
        stopped?.phase === 'servers'
          ? null
          : {
              version: TRAJECTORY_VERSION,
              taskId: `task-${task}`,
              agent: AGENTS[i % AGENTS.length]!,
              prompt: 'p',
              turns: [],
              calls,
              answer: stopped ? null : `the answer is ${i % 100}`,
              error: stopped?.message ?? null,
              rounds: sequential ? calls.length : 1,
              usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
              startedAt: new Date(0).toISOString(),
              durationMs: 10 + (i % 50),
            },
      judge:
        judged && !stopped
          ? {
              kind: 'rubric',
              rubric: 'mcp-bench',
              scale: { min: 1, max: 10 },
              sampleAveraging: 'whole-sample',
              categoryDimensions: {
                taskCompletion: ['taskFulfillment', 'informationGrounding'],
                toolUsage: ['toolAppropriateness', 'parameterAccuracy'],
                planningEffectiveness: ['dependencyAwareness', 'parallelismEfficiency'],
              },
              samples: {
                requested: 1,
                valid: 1,
                failed: 0,
                failures: [],
                scores: [
                  {
                    taskFulfillment: score(0),
                    informationGrounding: score(1),
                    toolAppropriateness: score(2),
                    parameterAccuracy: score(3),
                    dependencyAwareness: score(4),
                    parallelismEfficiency: score(5),
                  },
                ],
              },
              reasoning: {},
              model: 'judge',
              cached: false,
              cacheHits: 0,
              usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
              durationMs: 0,
            }
          : null,
      referenceJudge: null,
      judgeConfigured: judged,
      verdicts: [],
      unscored: i % 37 === 0 ? 'nothing decides this task' : null,
    },
  }
}

export function syntheticRecords(n: number): TaskRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const { outcome: o, state } = outcome(i)
    return taskRecord(o, { state, errors: state === 'failed' ? ['expected more'] : [], durationMs: 5 })
  })
}
