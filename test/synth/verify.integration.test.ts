import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServersFile, parseServers } from '../../src/config/load-servers.ts'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { type CatalogEntry } from '../../src/contracts/catalog.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { TaskDraftSchema, type TaskDraft } from '../../src/synth/draft.ts'
import { verifyDraft } from '../../src/synth/verify.ts'

/** Execution verification against the real math and unit-converter fixtures (in process). */
let hub: ServerHub
let catalog: CatalogEntry[]
beforeAll(async () => {
  hub = new ServerHub({
    ...parseServers(
      {
        mcpServers: {
          math: { module: './fixtures/servers/math/server.ts' },
          units: { module: './fixtures/servers/unit-converter/server.ts' },
        },
      },
      'test',
    ),
    root: process.cwd(),
  })
  const session = await hub.acquire(['math', 'units'])
  catalog = session.catalog.entries
  await session.release()
})
afterAll(() => hub.close())

type DraftInput = Partial<Omit<TaskDraft, 'reference'>> & { reference?: Partial<TaskDraft['reference']> }

/** The harvest task: 120 t + 150 t, then × $30. Each test changes one thing. */
function draft(changes: DraftInput = {}): TaskDraft {
  return TaskDraftSchema.parse({
    task: 'Add 120 t and 150 t with the sum tool, then multiply the total by $30 per tonne.',
    fuzzy: 'We brought in 120 tonnes from one field and 150 from the other. At $30 a tonne, what is it worth?',
    ...changes,
    reference: {
      calls: [
        { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
        { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
      ],
      answer: 'The harvest totals 270 t, worth $8,100.',
      facts: ['270', '8,100'],
      ...changes.reference,
    },
  })
}

const verify = (d: TaskDraft, servers = ['math']) =>
  verifyDraft(d, {
    hub,
    catalog,
    servers,
    maxToolOutputChars: 20_000,
    callTimeoutMs: () => 10_000,
    redact: (t) => t.replaceAll('8100', '[redacted]'),
  })

describe('execution verification of a draft', () => {
  it('passes a plan whose calls all succeed and whose facts are in the outputs and the answer', async () => {
    const verdict = await verify(
      draft({
        reference: { facts: ['270', { value: 540, derived: 'twice the total' }], answer: 'The harvest totals 270 t; twice that is 540 t.' },
      }),
    )
    expect(verdict).toEqual({
      passed: true,
      failures: [],
      calls: [
        { id: 'total', tool: 'math.sum', status: 'ok', schemaValid: true, output: '270' },
        { id: 'revenue', tool: 'math.multiply', status: 'ok', schemaValid: true, output: '[redacted]' },
      ],
    })
  })

  it('fails a fact that is in none of the outputs, unless it is marked derived', async () => {
    const verdict = await verify(draft({ reference: { facts: ['270', '9,000'], answer: 'It is 270 t, worth $9,000.' } }))
    expect(verdict.passed).toBe(false)
    expect(verdict.failures).toEqual([
      {
        kind: 'ungrounded-fact',
        detail: 'the fact "9,000" is in none of the tool outputs (mark it "derived" if it is computed from them)',
      },
    ])
  })

  it('fails an answer that does not state a fact', async () => {
    const verdict = await verify(draft({ reference: { answer: 'The harvest is worth $8,100.' } }))
    expect(verdict.failures).toEqual([{ kind: 'answer-missing-fact', detail: 'the answer does not state the fact "270"' }])
  })

  it("fails a fuzzy text that names a tool, with the suite lint's rule", async () => {
    const verdict = await verify(draft({ fuzzy: 'Use math__sum on 120 and 150, then multiply by 30.' }))
    expect(verdict.failures).toEqual([{ kind: 'fuzzy-names-tool', detail: 'the fuzzy text names math__sum' }])
  })

  it("does not run a plan that names a tool off the candidate's servers, or none at all", async () => {
    const offServer = draft({
      reference: {
        calls: [{ id: 'km', tool: 'units.convert_length', args: { value: 5, from_unit: 'kilometer', to_unit: 'mile' }, after: [] }],
        facts: ['3.107'],
        answer: '3.107 miles',
      },
    })
    const verdict = await verify(offServer, ['math'])
    expect(verdict.failures).toEqual([
      { kind: 'unknown-tool', detail: 'call "km" names units.convert_length, which is not on this task\'s servers (math)' },
    ])
    expect(verdict.calls).toEqual([{ id: 'km', tool: 'units.convert_length', status: 'not-run', schemaValid: null }])
    const invented = await verify(draft({ reference: { calls: [{ id: 'p', tool: 'math.power', args: { base: 2 }, after: [] }] } }))
    expect(invented.failures[0]).toEqual({ kind: 'unknown-tool', detail: 'call "p" names math.power, which is not a tool of math' })
  })

  it('does not run a plan whose dependencies name no call, repeat an id or form a cycle', async () => {
    const calls = (after: string[][], ids = ['a', 'b']) =>
      ids.map((id, i) => ({ id, tool: 'math.sum', args: { numbers: [1, 2] }, after: after[i]! }))
    const dangling = await verify(draft({ reference: { calls: calls([[], ['nope']]) } }))
    expect(dangling.failures).toEqual([{ kind: 'bad-plan', detail: 'reference call "b" depends on unknown call "nope"' }])
    const twice = await verify(draft({ reference: { calls: calls([[], []], ['a', 'a']) } }))
    expect(twice.failures.map((f) => f.detail)).toContain('two calls have the id "a"')
    const cycle = await verify(draft({ reference: { calls: calls([['b'], ['a']]) } }))
    expect(cycle.failures).toEqual([{ kind: 'bad-plan', detail: 'reference plan has a dependency cycle among: a, b' }])
    expect(cycle.calls.every((c) => c.status === 'not-run')).toBe(true)
  })

  it('fails arguments that break the schema, and reports what the server said', async () => {
    const bad = draft({
      reference: {
        calls: [{ id: 'km', tool: 'units.convert_length', args: { value: 5, from_unit: 'kilometre', to_unit: 'mile' }, after: [] }],
        facts: ['3.107'],
        answer: '3.107 miles',
      },
    })
    const verdict = await verify(bad, ['units'])
    expect(verdict.failures.map((f) => f.kind)).toEqual(['schema-invalid', 'call-failed'])
    expect(verdict.failures[0]!.detail).toBe('call "km" (units.convert_length): /from_unit must be equal to one of the allowed values')
    expect(verdict.calls[0]).toMatchObject({ status: 'error', schemaValid: false, output: expect.stringContaining('Invalid option') })
  })

  it('fails a call the server rejects though its arguments fit the schema; later steps never run', async () => {
    const below = draft({
      reference: {
        calls: [
          { id: 'c', tool: 'units.convert_temperature', args: { value: -10, from_unit: 'kelvin', to_unit: 'celsius' }, after: [] },
          { id: 'r', tool: 'math.round', args: { number: -283.15 }, after: ['c'] },
        ],
        facts: ['-283'],
        answer: 'About -283 °C.',
      },
    })
    const verdict = await verify(below, ['units', 'math'])
    expect(verdict.failures).toEqual([
      {
        kind: 'call-failed',
        detail: expect.stringMatching(/^call "c" \(units\.convert_temperature\) returned an error: .*temperature must be non-negative/),
      },
    ])
    expect(verdict.calls.map((c) => [c.id, c.status])).toEqual([
      ['c', 'error'],
      ['r', 'not-run'],
    ])
  })
})

describe('execution verification on a workspace server', () => {
  it('names the fresh directory of each run by a placeholder, so the repair prompt is the same every run', async () => {
    const files = new ServerHub({ ...loadServersFile('mcp.servers.json'), root: process.cwd() })
    try {
      const session = await files.acquire(['filesystem'])
      const entries = session.catalog.entries
      await session.release()
      const listing = TaskDraftSchema.parse({
        task: 'List the directories the file server may read.',
        fuzzy: 'Which folders can you see?',
        reference: {
          calls: [{ id: 'dirs', tool: 'filesystem.list_allowed_directories', args: {} }],
          answer: 'Allowed directories: one.',
          facts: ['Allowed directories'],
        },
      })
      const context = {
        hub: files,
        catalog: entries,
        servers: ['filesystem'],
        maxToolOutputChars: 20_000,
        callTimeoutMs: () => 10_000,
        redact: (t: string) => t,
      }
      const [first, second] = [await verifyDraft(listing, context), await verifyDraft(listing, context)]
      expect(first.passed).toBe(true)
      // The recorder shows the workspace as /workspace (workspace-paths.ts): the same on every run.
      expect(first.calls[0]!.output).toBe('Allowed directories:\n/workspace')
      expect(second).toEqual(first)
    } finally {
      await files.close()
    }
  }, 60_000)
})

it('fails the candidate, not the run, when a server will not start for the plan', async () => {
  const dead = new ServerHub({
    ...parseServers(
      { mcpServers: { dead: { command: process.execPath, args: ['-e', 'process.exit(3)'], startupTimeoutMs: 5_000 } } },
      'test',
    ),
    root: process.cwd(),
  })
  try {
    const [entry] = buildCatalog([{ server: 'dead', tools: [{ name: 'ping', inputSchema: { type: 'object', properties: {} } }] }]).entries
    const plan = TaskDraftSchema.parse({
      task: 'Ping.',
      fuzzy: 'Are you there?',
      reference: { calls: [{ id: 'p', tool: 'dead.ping', args: {} }], answer: 'pong', facts: ['pong'] },
    })
    const verdict = await verifyDraft(plan, {
      hub: dead,
      catalog: [entry!],
      servers: ['dead'],
      maxToolOutputChars: 20_000,
      callTimeoutMs: () => 5_000,
      redact: (t) => t,
    })
    expect(verdict).toEqual({
      passed: false,
      failures: [{ kind: 'call-failed', detail: expect.stringMatching(/^the plan could not run: .*dead/) }],
      calls: [{ id: 'p', tool: 'dead.ping', status: 'not-run', schemaValid: null }],
    })
  } finally {
    await dead.close()
  }
}, 60_000)
