import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSupport } from '../../src/runtime/agents/isolated/sandbox.ts'
import { AgentSetupError } from '../../src/runtime/agents/isolated/bundle.ts'
import { runtimeKind } from '../../src/lib/runtime-kind.ts'
import { agentProcessPids, closeAgentProcesses, isolatedAgent } from '../../src/runtime/agents/isolated/pool.ts'
import type { RefereePaths } from '../../src/runtime/agents/isolated/read-access.ts'
import type { AgentContext, ToolCallOutcome } from '../../src/runtime/agents/types.ts'
import type { ModuleAgentSetting } from '../../src/contracts/options.ts'
import { isAlive } from '../support/process.ts'

/**
 * Custom agents in their own process: the channel carries the context's calls both ways, tasks share one
 * child, a crash fails only the tasks in flight and the next task gets a new child, setup problems are
 * setup errors, reads outside the allowed paths are refused with a message naming the path.
 */
const root = process.cwd()
const refereeDir = mkdtempSync(join(tmpdir(), 'mcp-bench-referee-'))
writeFileSync(join(refereeDir, 'leaderboard.json'), '{"missingFacts":["42"]}')
const paths: RefereePaths = { root, denied: [refereeDir] }
const agentDir = resolve('test/support/isolated-agents')
// Each tier the system offers: the sandbox where Linux namespaces work (its own test file checks the sandbox's walls), the runtime's read limits anywhere.
const TIERS = sandboxSupport().available ? (['sandbox', 'process'] as const) : (['process'] as const)
let tier: (typeof TIERS)[number] = 'process'
const setting = (file: string, exportName = 'default'): ModuleAgentSetting => ({
  kind: 'module',
  module: `./test/support/isolated-agents/${file}`,
  export: exportName,
  isolation: tier,
})
const expectedTier = () => (tier === 'sandbox' ? 'sandbox' : runtimeKind() === 'bun' ? 'process-unrestricted' : 'process')

afterAll(() => closeAgentProcesses())
// One child per agent setting and worker: a tier's tests start from no child.
beforeAll(() => closeAgentProcesses())

interface Seen {
  calls: Array<[string, unknown]>
  rounds: number
  turns: unknown[]
}

function context(prompt: string, signal = new AbortController().signal): { ctx: AgentContext; seen: Seen } {
  const seen: Seen = { calls: [], rounds: 0, turns: [] }
  const ctx: AgentContext = {
    task: { id: `iso/${prompt}`, prompt },
    tools: [{ name: 'probe__echo', server: 'probe', tool: 'echo', description: 'Echoes text', inputSchema: { type: 'object' } }],
    maxRounds: 5,
    signal,
    callTool: async (name, args): Promise<ToolCallOutcome> => {
      seen.calls.push([name, args])
      return {
        content: [{ type: 'text', text: `echo: ${(args as { text: string }).text}` }],
        isError: false,
        text: `echo: ${(args as { text: string }).text}`,
      }
    },
    nextRound: () => ++seen.rounds,
    recordTurn: (turn) => void seen.turns.push(turn),
  }
  return { ctx, seen }
}

describe.each(TIERS)('isolated custom agents (isolation: %s)', { timeout: 60_000 }, (asked) => {
  beforeAll(() => {
    tier = asked
    closeAgentProcesses()
  })
  it('runs tasks side by side in one child, answering tool calls, rounds and turns through the worker', async () => {
    const agent = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
    // Bun has no permission model: outside the sandbox its child runs, and says it runs, without read limits.
    expect(agent.isolation).toBe(expectedTier())
    const [a, b] = [context('hello'), context('slow world')]
    const answers = await Promise.all([agent.run(a.ctx), agent.run(b.ctx)])
    expect(answers).toEqual(['echo: hello (round 2, 1 tools, max 5)', 'echo: slow world (round 2, 1 tools, max 5)'])
    expect(a.seen).toEqual({
      calls: [['probe__echo', { text: 'hello' }]],
      rounds: 1,
      turns: [{ content: 'thinking', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 1 }],
    })
    expect(agentProcessPids()).toHaveLength(1)
    expect(agentProcessPids()[0]).not.toBe(process.pid)
  })

  it('keeps the channel for the protocol: what the agent prints cannot forge an answer', async () => {
    const agent = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
    await expect(agent.run(context('console').ctx)).resolves.toBe('echo: console (round 2, 1 tools, max 5)')
  })

  it('a crash fails only the tasks in flight, saying so; the next task gets a new child', async () => {
    const agent = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
    const before = agentProcessPids()
    const done = await agent.run(context('before').ctx)
    expect(done).toMatch(/^echo: before/)
    const results = await Promise.allSettled([agent.run(context('slow one').ctx), agent.run(context('crash').ctx)])
    for (const r of results)
      expect(r).toMatchObject({
        status: 'rejected',
        reason: { message: expect.stringMatching(/^the agent process of echo exited with code 3/) },
      })
    const again = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
    await expect(again.run(context('after').ctx)).resolves.toMatch(/^echo: after/)
    expect(agentProcessPids()).not.toEqual(before)
    await expect.poll(() => before.filter(isAlive)).toEqual([])
  })

  it('an aborted task ends at once for the worker; the calls the agent still makes are answered as ended', async () => {
    const agent = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
    const controller = new AbortController()
    const { ctx, seen } = context('late abort', controller.signal)
    const run = agent.run(ctx)
    controller.abort(new Error('agent timed out after 1 ms'))
    await expect(run).rejects.toThrow('agent timed out after 1 ms')
    // The child goes on to its call after the wait. Another task of the same child answers once that call came
    // back (an event, not a sleep): the worker answered it as ended, and neither recorded nor forwarded it.
    await expect(agent.run(context('late-call').ctx)).resolves.toBe('late call got: The task has ended; this call was not made.')
    expect(seen.calls).toEqual([])
    await expect(agent.run(context('next').ctx)).resolves.toMatch(/^echo: next/)
  })

  it.skipIf(runtimeKind() === 'bun')(
    "refuses reads of the referee's files, naming the path; its own directory stays readable",
    async () => {
      const agent = await isolatedAgent(setting('echo-agent.ts'), 'echo', paths)
      await expect(agent.run(context(`read ${join(refereeDir, 'leaderboard.json')}`).ctx)).rejects.toThrow(
        `agent echo may not read ${join(refereeDir, 'leaderboard.json')}: the referee's files (task files, reports, judge cache, cassettes) are out of reach of agent code`,
      )
      await expect(agent.run(context(`read ${resolve('benchmarks/math.test.ts')}`).ctx)).rejects.toThrow(
        /agent echo may not read .*benchmarks\/math\.test\.ts/,
      )
      await expect(agent.run(context(`read ${join(agentDir, 'own-data.txt')}`).ctx)).resolves.toMatch(/own directory/)
    },
  )

  it('agent code keeps its own location: import.meta.url names its source file, not the bundle', async () => {
    const agent = await isolatedAgent(setting('echo-agent.ts', 'ownData'), 'own-data', paths)
    await expect(agent.run(context('anything').ctx)).resolves.toMatch(/own directory/)
  })

  it('agent code may import the baselines entry, vitest-mcp-bench/baselines', async () => {
    const agent = await isolatedAgent(setting('baseline-agent.ts'), 'greedy', paths)
    const { ctx, seen } = context('Echoes text, please')
    // The catalog's one tool matches "echoes text" by BM25; its schema has no fields, so the call has no arguments.
    await agent.run(ctx)
    expect(seen.calls).toEqual([['probe__echo', {}]])
  })

  it('a missing module, a missing export, a module that throws on load and a task file are setup errors', async () => {
    await expect(isolatedAgent(setting('nope.ts'), 'nope', paths)).rejects.toThrow(
      new AgentSetupError(`agent nope: module ./test/support/isolated-agents/nope.ts not found (looked for ${join(agentDir, 'nope.ts')})`),
    )
    await expect(isolatedAgent(setting('echo-agent.ts', 'notAnAgent'), 'not-an-agent', paths)).rejects.toThrow(
      /agent not-an-agent: has no export "notAnAgent" that is an agent function or \{ name, run \} \(its exports: default, notAnAgent, ownData\)/,
    )
    await expect(isolatedAgent(setting('throws-on-import.ts'), 'thrower', paths)).rejects.toThrow(
      /the agent process of thrower exited with code 1; its last output: .*this agent module fails as it loads/,
    )
    const taskFile = { ...setting('x'), module: './benchmarks/math.test.ts' }
    await expect(isolatedAgent(taskFile, 'task-file', paths)).rejects.toThrow(
      /agent task-file may not include .*benchmarks\/math\.test\.ts: it is a task file/,
    )
  })

  // The stand-in worker is started as `<runtime> --import tsx`, which Deno does not take; Node and Bun run it.
  // The stand-in worker compiles the isolated agents' modules through tsx as it starts: on a 2-core machine at
  // a load average of 20 and more that alone took over a minute, hence the test's own time limit.
  it.skipIf(runtimeKind() === 'deno')('children die with their worker', { timeout: 240_000 }, async () => {
    // A stand-in worker: starts an isolated agent, prints its child's pid, then is killed outright.
    const script = `
      import { isolatedAgent, agentProcessPids } from ${JSON.stringify(resolve('src/runtime/agents/isolated/pool.ts'))}
      await isolatedAgent(${JSON.stringify(setting('echo-agent.ts'))}, 'echo', ${JSON.stringify(paths)})
      console.log(agentProcessPids()[0])
      setInterval(() => {}, 1000)
    `
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-bench-worker-')), 'worker.mts')
    writeFileSync(file, script)
    const worker = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'pipe', 'inherit'] })
    // Its first line is the agent's pid; a worker that exits first failed to start it (its stderr is inherited above).
    const pid = await new Promise<number>((done, fail) => {
      worker.stdout.once('data', (d: Buffer) => done(Number(String(d).trim())))
      worker.once('exit', (code) => fail(new Error(`the stand-in worker exited (${code}) before it started its agent`)))
    })
    expect(isAlive(pid)).toBe(true)
    worker.kill('SIGKILL')
    await expect.poll(() => isAlive(pid), { timeout: 30_000 }).toBe(false)
  })
})
