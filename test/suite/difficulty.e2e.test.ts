import { beforeAll, describe, expect, it } from 'vitest'
import { randomAgent } from '../../src/runtime/agents/baselines/random.ts'
import { referenceAgent } from '../../src/runtime/agents/reference.ts'
import { describeFact, missingFacts, ungroundedFacts } from '../../src/scoring/facts.ts'
import { InProcessServers, loadBundledTasks, runInProcess, type BundledTask, type InProcessRun } from '../support/in-process-suite.ts'
import { HARD_TIER_MINIMUMS, hardTaskShortfalls, tierSummary } from '../support/suite-stats.ts'

/**
 * Lints how hard the bundled suite is, by running it: every reference plan
 * is executed in-process (fixture servers over the SDK's in-memory
 * transport, a fresh set per benchmark file as in a real run, so seeded
 * servers draw in the same order), and so is a seeded run of the random
 * baseline. Every reference fact must appear in its plan's outputs unless it
 * says how it is derived, no task's facts may all be met by what the random
 * agent happened to see, and hard tasks must meet the tier's minimums.
 */

interface Runs {
  reference: InProcessRun
  random: InProcessRun
}

let tasks: BundledTask[] = []
const runs = new Map<string, Runs>()
/** The random baseline as the leaderboard runs it. */
const random = randomAgent({ seed: 0 })
const FILES_AT_ONCE = 3

beforeAll(async () => {
  tasks = await loadBundledTasks()
  const files = [...new Set(tasks.map((t) => t.file))]
  const runFile = async (file: string) => {
    // Separate server sets, so the random agent's calls cannot shift a seeded server under the reference plan.
    const forReference = new InProcessServers()
    const forRandom = new InProcessServers()
    try {
      for (const task of tasks.filter((t) => t.file === file)) {
        const [reference, lucky] = await Promise.all([
          runInProcess(task, referenceAgent(task.spec.reference), forReference),
          // A random call may ask the protocol test server for a 30-second operation: its output is not worth the wait.
          runInProcess(task, random, forRandom, { callTimeoutMs: 2_000 }),
        ])
        runs.set(task.id, { reference, random: lucky })
      }
    } finally {
      await forReference.close()
      await forRandom.close()
    }
  }
  const queue = [...files]
  await Promise.all(
    Array.from({ length: FILES_AT_ONCE }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) await runFile(file)
    }),
  )
}, 240_000)

const hard = () => tasks.filter((t) => t.spec.tier === 'hard')

describe('the bundled suite, run in-process', () => {
  it('runs every reference plan without a failing step', () => {
    const failed = tasks.map((t) => [t.id, runs.get(t.id)!.reference.trajectory.error] as const).filter(([, error]) => error)
    expect(failed).toEqual([])
  })

  it("grounds every reference fact in its plan's tool outputs, or says how it is derived", () => {
    const ungrounded = tasks.flatMap((t) =>
      ungroundedFacts(t.spec.reference?.facts ?? [], runs.get(t.id)!.reference.outputs).map(
        (f) => `${t.id} (${t.file}): ${describeFact(f)}`,
      ),
    )
    expect(ungrounded).toEqual([])
  })

  it('has no task whose facts a seeded random run meets by luck', () => {
    expect(tasks.length).toBeGreaterThan(0)
    const lucky = tasks
      .filter(
        (t) =>
          t.spec.reference?.facts.length && missingFacts(runs.get(t.id)!.random.trajectory.answer, t.spec.reference.facts).length === 0,
      )
      .map((t) => `${t.id}: ${t.spec.reference!.facts.map(describeFact).join(', ')}`)
    expect(lucky).toEqual([])
  })

  it('gives the random agent real work: it calls tools and some of them answer', () => {
    const calls = tasks.map((t) => runs.get(t.id)!.random.trajectory.calls)
    expect(calls.every((c) => c.length === 20)).toBe(true)
    expect(calls.flat().filter((c) => !c.isError).length).toBeGreaterThan(tasks.length)
  })
})

describe('the hard tier', () => {
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
