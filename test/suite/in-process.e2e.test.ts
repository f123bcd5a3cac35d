import { beforeAll, describe, expect, it } from 'vitest'
import { greedyOneStepAgent } from '../../src/runtime/agents/baselines/greedy-one-step.ts'
import { randomAgent } from '../../src/runtime/agents/baselines/random.ts'
import { referenceAgent } from '../../src/runtime/agents/reference.ts'
import type { Agent } from '../../src/runtime/agents/types.ts'
import { DEFAULT_ANSWER_LIMITS } from '../../src/runtime/checks/answer-limits.ts'
import { describeFact, isNumberFact, missingFacts, ungroundedFacts } from '../../src/scoring/facts.ts'
import { callEverythingAgent, numberSpray, promptRandomAgent, sprayAgent } from '../support/hedging-agents.ts'
import { InProcessServers, loadBundledTasks, runInProcess, type BundledTask, type InProcessRun } from '../support/in-process-suite.ts'
import { DEFAULT_CHECKS, passes, ruleVerdicts } from '../support/rule-verdicts.ts'
import { HARD_TIER_MINIMUMS, hardTaskShortfalls, tierSummary } from '../support/suite-stats.ts'

/**
 * The bundled suite run in-process, once, for the two checks that need
 * those runs: how hard the suite is, and how the fact rules hold against
 * hedging. (They were two files, each running the reference plans and the
 * seeded random baseline over all 140 tasks the same way; one run now
 * serves both.)
 *
 * How hard the suite is, by running it: every reference plan is executed
 * in-process (fixture servers over the SDK's in-memory transport, a fresh
 * set per benchmark file as in a real run, so seeded servers draw in the
 * same order), and so is a seeded run of the random baseline. Every
 * reference fact must appear in its plan's outputs unless it says how it is
 * derived, no task's facts may all be met by what the random agent happened
 * to see, and hard tasks must meet the tier's minimums.
 *
 * The fact rules against hedging, over the whole bundled suite run
 * in-process: the reference still passes every task, and answers that
 * hedge instead of solving (the prompt plus a spray of every number, every
 * tool's output plus the spray, a random agent written for this test) pass
 * at most 5% of each tier. The baselines are measured under the same rules
 * and printed, tier by tier. Pass here means the harness's default checks
 * (answer, facts with their limits, tool use); the state checks some tasks
 * add run only in a real benchmark run, so these figures are upper bounds.
 */

const AGENTS = {
  reference: null,
  spray: sprayAgent(),
  'call-everything+spray': callEverythingAgent(),
  'prompt-random': promptRandomAgent(),
  'greedy-one-step': greedyOneStepAgent(),
  'random (seed 0)': randomAgent({ seed: 0 }),
} satisfies Record<string, Agent | null>
type AgentName = keyof typeof AGENTS

let tasks: BundledTask[] = []
const runs = new Map<string, Map<AgentName, InProcessRun>>()
const FILES_AT_ONCE = 2

beforeAll(async () => {
  tasks = await loadBundledTasks()
  const files = [...new Set(tasks.map((t) => t.file))]
  const runFile = async (file: string) => {
    // One server set per agent, so one agent's calls cannot shift a seeded server under another.
    const sets = new Map((Object.keys(AGENTS) as AgentName[]).map((name) => [name, new InProcessServers()]))
    try {
      for (const task of tasks.filter((t) => t.file === file)) {
        const done = new Map<AgentName, InProcessRun>()
        await Promise.all(
          (Object.entries(AGENTS) as Array<[AgentName, Agent | null]>).map(async ([name, agent]) => {
            // A call may ask the protocol test server for a 30-second operation: not worth the wait for a cheat.
            const run = () =>
              runInProcess(task, agent ?? referenceAgent(task.spec.reference), sets.get(name)!, { callTimeoutMs: agent ? 2_000 : 60_000 })
            // A workspace task starts a filesystem server process per agent; one that does not start on a busy
            // machine is tried once more, as the harness does.
            done.set(name, await run().catch(run))
          }),
        )
        runs.set(task.id, done)
      }
    } finally {
      for (const set of sets.values()) await set.close()
    }
  }
  const queue = [...files]
  await Promise.all(
    Array.from({ length: FILES_AT_ONCE }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) await runFile(file)
    }),
  )
}, 600_000)

const tier = (name: 'easy' | 'hard') => tasks.filter((t) => t.spec.tier === name)
const runOf = (task: BundledTask, agent: AgentName | 'call-everything') => {
  if (agent !== 'call-everything') return runs.get(task.id)!.get(agent)!
  // The same calls answered without the spray: the answer up to the spray's first number.
  const run = runs.get(task.id)!.get('call-everything+spray')!
  const answer = run.trajectory.answer!.slice(0, run.trajectory.answer!.lastIndexOf(numberSpray()) - 1)
  return { ...run, trajectory: { ...run.trajectory, answer } }
}
const passed = (list: readonly BundledTask[], agent: AgentName | 'call-everything', checks = DEFAULT_CHECKS) =>
  list.filter((t) => passes(t, agent, runOf(t, agent), checks))

function figures(agent: AgentName | 'call-everything'): string {
  return (['easy', 'hard'] as const).map((name) => `${name} ${passed(tier(name), agent).length}/${tier(name).length}`).join(', ')
}

describe('hedging against the fact rules, over the bundled suite', () => {
  it('keeps the reference at 100% of both tiers', () => {
    const failing = tasks
      .filter((t) => !passes(t, 'reference', runOf(t, 'reference')))
      .map(
        (t) =>
          `${t.id}: ${ruleVerdicts(t, 'reference', runOf(t, 'reference'))
            .filter((v) => !v.pass)
            .map((v) => v.message)
            .join(' | ')}`,
      )
    expect(failing).toEqual([])
    expect(tasks.length).toBe(140)
  })

  it('fails every task for the prompt plus a spray of every number, by length and by the number rule alone', () => {
    expect(passed(tasks, 'spray')).toEqual([])
    const rules = tasks.map((t) => ruleVerdicts(t, 'spray', runOf(t, 'spray')).find((v) => v.check === 'facts')?.rule)
    expect(new Set(rules)).toEqual(new Set(['answer-too-long']))
    // With no length limit and no tool-use check, the number rule alone still fails every task with a number fact;
    // the spray then passes only the tasks whose facts all stand in their own prompt (for a state check to carry).
    const numberRuleOnly = { ...DEFAULT_CHECKS, toolUse: false, answerLimits: { ...DEFAULT_ANSWER_LIMITS, minLength: 1e9 } }
    const survivors = passed(tasks, 'spray', numberRuleOnly)
    const inPrompt = tasks.filter((t) => missingFacts(runOf(t, 'spray').trajectory.prompt, t.spec.reference?.facts ?? []).length === 0)
    expect(survivors.map((t) => t.id)).toEqual(inPrompt.map((t) => t.id))
    expect(survivors.filter((t) => t.spec.reference?.facts.some(isNumberFact))).toEqual([])
    console.log(`tasks whose facts all stand in their own prompt: ${inPrompt.map((t) => t.id).join(', ') || 'none'}`)
  })

  it('fails every task for a spray cut to fit the default length limit', () => {
    const passing = tasks.filter((t) => {
      const run = runOf(t, 'spray')
      const answer = run.trajectory.answer!.slice(0, DEFAULT_ANSWER_LIMITS.minLength)
      return passes(t, 'spray', { ...run, trajectory: { ...run.trajectory, answer } })
    })
    expect(passing.map((t) => t.id)).toEqual([])
  })

  it('passes at most 5% of each tier for calling every tool once and answering with every output plus the spray', () => {
    // Without the spray the same agent is a brute-force solver of the tasks whose server has a handful of tools
    // (tokyo-now's has one): printed for the record, not held to 5%.
    console.log(`call-everything+spray: ${figures('call-everything+spray')}; without the spray: ${figures('call-everything')}`)
    expect(runOf(tasks[0]!, 'call-everything+spray').trajectory.calls.length).toBeGreaterThan(0)
    for (const name of ['easy', 'hard'] as const) {
      expect(passed(tier(name), 'call-everything+spray').length).toBeLessThanOrEqual(0.05 * tier(name).length)
    }
  })

  it('passes at most 5% of each tier for a random agent written for this test', () => {
    console.log(`prompt-random: ${figures('prompt-random')}`)
    expect(runOf(tasks[0]!, 'prompt-random').trajectory.calls.length).toBeGreaterThan(0)
    for (const name of ['easy', 'hard'] as const)
      expect(passed(tier(name), 'prompt-random').length).toBeLessThanOrEqual(0.05 * tier(name).length)
  })

  it('keeps the baselines at or below the figures docs/guide/bundled-suite.md reports (random 0/100, 0/40; greedy-one-step 0/100, 0/40)', () => {
    console.log(`greedy-one-step: ${figures('greedy-one-step')}; random (seed 0): ${figures('random (seed 0)')}`)
    expect(passed(tier('easy'), 'random (seed 0)').length).toBe(0)
    expect(passed(tier('hard'), 'random (seed 0)').length).toBe(0)
    expect(passed(tier('easy'), 'greedy-one-step').length).toBe(0)
    expect(passed(tier('hard'), 'greedy-one-step').length).toBe(0)
  })
})

describe('the bundled suite, run in-process', () => {
  it('runs every reference plan without a failing step', () => {
    const failed = tasks.map((t) => [t.id, runOf(t, 'reference').trajectory.error] as const).filter(([, error]) => error)
    expect(failed).toEqual([])
  })

  it("grounds every reference fact in its plan's tool outputs, or says how it is derived", () => {
    const ungrounded = tasks.flatMap((t) =>
      ungroundedFacts(t.spec.reference?.facts ?? [], runOf(t, 'reference').outputs).map((f) => `${t.id} (${t.file}): ${describeFact(f)}`),
    )
    expect(ungrounded).toEqual([])
  })

  it('has no task whose facts a seeded random run meets by luck', () => {
    expect(tasks.length).toBeGreaterThan(0)
    const lucky = tasks
      .filter(
        (t) =>
          t.spec.reference?.facts.length &&
          missingFacts(runOf(t, 'random (seed 0)').trajectory.answer, t.spec.reference.facts).length === 0,
      )
      .map((t) => `${t.id}: ${t.spec.reference!.facts.map(describeFact).join(', ')}`)
    expect(lucky).toEqual([])
  })

  it('gives the random agent real work: it calls tools and some of them answer', () => {
    const calls = tasks.map((t) => runOf(t, 'random (seed 0)').trajectory.calls)
    expect(calls.every((c) => c.length === 20)).toBe(true)
    expect(calls.flat().filter((c) => !c.isError).length).toBeGreaterThan(tasks.length)
  })
})

describe('the hard tier', () => {
  const hard = () => tier('hard')

  it('holds every hard task to the minimums: 8 calls, 3 layers, a parallel layer, 2 goals with facts each', () => {
    const short = hard()
      .map((t) => [t.id, hardTaskShortfalls(t.spec)] as const)
      .filter(([, problems]) => problems.length)
      .map(([id, problems]) => `${id}: ${problems.join('; ')}`)
    expect(short).toEqual([])
  })

  it(`has at least ${HARD_TIER_MINIMUMS.tasks} tasks with median plans of ${HARD_TIER_MINIMUMS.medianCalls} calls and ${HARD_TIER_MINIMUMS.medianLayers} layers`, () => {
    const summary = tierSummary(hard().map((t) => t.spec))
    expect(summary.tasks).toBeGreaterThanOrEqual(HARD_TIER_MINIMUMS.tasks)
    expect(summary.medianCalls).toBeGreaterThanOrEqual(HARD_TIER_MINIMUMS.medianCalls)
    expect(summary.medianLayers).toBeGreaterThanOrEqual(HARD_TIER_MINIMUMS.medianLayers)
  })

  it('spans 2–3 servers in most tasks and adds distraction servers to a third', () => {
    const summary = tierSummary(hard().map((t) => t.spec))
    expect(summary.multiServerShare).toBeGreaterThan(HARD_TIER_MINIMUMS.multiServerShare)
    expect(summary.distractorShare).toBeGreaterThanOrEqual(HARD_TIER_MINIMUMS.distractorShare)
  })

  it('keeps hard tasks in files of their own (benchmarks/hard-*.test.ts), so one tier can run alone', () => {
    const misplaced = tasks
      .filter((t) => (t.spec.tier === 'hard') !== t.file.startsWith('hard-'))
      .map((t) => `${t.id} (${t.spec.tier}) in ${t.file}`)
    expect(misplaced).toEqual([])
  })
})
