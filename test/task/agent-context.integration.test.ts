import { afterAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import type { Runtime } from '../../src/runtime/state.ts'
import type { RuntimeSettings } from '../../src/contracts/settings.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { runAgent } from '../../src/runtime/task/run-agent.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'

const servers = parseServers(
  {
    mcpServers: {
      probe: { module: './test/support/probe-server.ts' },
      decoy: { module: './test/support/probe-server.ts', options: { name: 'decoy' } },
      busy: { module: './test/support/probe-server.ts', options: { name: 'busy', busy: true } },
    },
  },
  'test',
)
const hub = new ServerHub({ ...servers, root: process.cwd() })
afterAll(() => hub.close())

const settings = {
  root: process.cwd(),
  servers: { ...servers, source: 'test' },
  agents: [],
  defaultChecks: { answer: true, facts: true, validToolNames: false, schemaCompliance: false },
  taskTimeout: 5_000,
  judgeTimeout: 5_000,
  trials: 1,
  maxRounds: 7,
  maxToolOutputChars: 1_000,
  maxRecordedOutputChars: 1_000,
  judge: null,
  distractors: { resident: [], maxTools: 128 },
  excludeTools: [],
} as unknown as RuntimeSettings
const runtime: Runtime = { settings, hub, hubFor: () => hub, redactor: createRedactor([]) }

describe('what a custom agent sees', () => {
  it('the task as a model would: its prompt, the tools and the limits; never the reference, the concrete prompt or which servers are decoys', async () => {
    const spec = TaskSpecSchema.parse({
      servers: ['probe'],
      prompt: 'CONCRETE: call probe.echo with SECRET-ARG',
      fuzzy: 'Could you say hello for me?',
      category: 'single-server/single',
      distractors: ['decoy'],
      reference: {
        calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'SECRET-ARG' } }],
        answer: 'REFERENCE-ANSWER',
        facts: ['FACT-VALUE'],
        dependencyAnalysis: 'ANALYSIS',
      },
    })
    const session = await hub.acquire(spec.servers, { distractors: ['decoy'] })
    const { trajectory } = await runAgent({
      id: 'snoop/task',
      spec,
      setting: { kind: 'module', module: './test/support/snoop-agent.ts', export: 'default', isolation: 'process' },
      name: 'snoop',
      runtime,
      session,
      timeout: 5_000,
      signal: new AbortController().signal,
    })
    await session.release()
    const seen = JSON.parse(trajectory.answer!) as {
      keys: string[]
      task: unknown
      tools: Array<Record<string, unknown>>
      maxRounds: number
    }
    expect(seen.keys).toEqual(['callTool', 'maxRounds', 'nextRound', 'recordTurn', 'signal', 'task', 'tools'])
    expect(seen.task).toEqual({ id: 'snoop/task', prompt: 'Could you say hello for me?' })
    expect(seen.maxRounds).toBe(7)
    expect(new Set(seen.tools.map((t) => t.server))).toEqual(new Set(['probe', 'decoy']))
    expect(seen.tools.every((t) => !('distractor' in t))).toBe(true)
    const text = trajectory.answer!
    for (const hidden of ['CONCRETE', 'SECRET-ARG', 'REFERENCE-ANSWER', 'FACT-VALUE', 'ANALYSIS', 'single-server'])
      expect(text).not.toContain(hidden)
  })

  it("an in-process server that keeps the thread busy past the agent's time ends the task as timed out, saying why", async () => {
    const spec = TaskSpecSchema.parse({
      servers: ['busy'],
      prompt: 'p',
      reference: { calls: [{ id: 'b', tool: 'busy.busy', args: { ms: 1_500 } }], answer: 'a', facts: [] },
    })
    const session = await hub.acquire(spec.servers)
    try {
      // The loop holds the thread three times the budget: the timer cannot fire until it ends.
      const { trajectory } = await runAgent({
        id: 'busy/task',
        spec,
        setting: 'reference',
        name: 'reference',
        runtime,
        session,
        timeout: 500,
        signal: new AbortController().signal,
      })
      // Before: the answer won the race when the loop ended, and the task passed after 1.5 s against 0.5 s.
      expect(trajectory.answer).toBeNull()
      expect(trajectory.error).toMatch(/^agent timed out after 500 ms \(it answered after \d+ ms: the worker's thread was busy/)
    } finally {
      await session.release()
    }
  })

  it.each(['process', 'none'] as const)(
    'a missing agent module or export is a setup error, not the agent failing the task (isolation: %s)',
    async (isolation) => {
      const spec = TaskSpecSchema.parse({ servers: ['probe'], prompt: 'p', reference: { calls: [], answer: 'a', facts: ['a'] } })
      const session = await hub.acquire(spec.servers)
      try {
        const run = (module: string, exportName = 'default') =>
          runAgent({
            id: 'setup/task',
            spec,
            setting: { kind: 'module', module, export: exportName, isolation },
            name: 'mine',
            runtime,
            session,
            timeout: 5_000,
            signal: new AbortController().signal,
          })
        const missing = await run('./test/support/no-such-agent.ts')
        expect(missing.setupError).toMatch(/^agent no-such-agent: (module|cannot load module) \.\/test\/support\/no-such-agent\.ts/)
        expect(missing.isolation).toBeNull()
        const noExport = await run('./test/support/snoop-agent.ts', 'nothing')
        expect(noExport.setupError).toMatch(/^agent nothing: .*no export "nothing"/)
      } finally {
        await session.release()
      }
    },
  )
})
