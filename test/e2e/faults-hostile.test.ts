import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  startScriptedModel,
  type RecordedRequest,
  type ScriptedModelServer,
  type ScriptedTurn,
} from '../../fixtures/models/scripted-server.ts'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { isAlive } from '../support/process.ts'
import { startKeyedHttp } from './faults/servers/keyed-http.ts'

/**
 * The second round of the fault matrix (issue 17): secrets that a server is
 * started with and echoes, recorded into cassettes; model replies that are
 * valid but unusual. Each child run is of the test/e2e/faults project.
 */

const PLANTED = 'tok_cassette_planted_4e91b7'
const HTTP_TOKEN = 'htk_cassette_planted_8a2c55'
const AGENT_KEY = 'sk-e2e-hostile-agent-3f9d27'
const SECRETS = [PLANTED, HTTP_TOKEN, AGENT_KEY]
const SCORES = {
  task_fulfillment: 8,
  information_grounding: 8,
  tool_appropriateness: 8,
  parameter_accuracy: 8,
  dependency_awareness: 8,
  parallelism_efficiency: 8,
}

const task = (r: ChildRun, id: string) => {
  const found = r.leaderboard.tasks.find((t) => t.id === id)
  if (!found) throw new Error(`no record for ${id}; records: ${r.leaderboard.tasks.map((t) => t.id).join(', ')}`)
  return found
}

function filesUnder(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
}

function leaks(places: Array<{ path: string; text: string }>): string[] {
  return places.flatMap((p) => SECRETS.filter((s) => p.text.includes(s)).map((s) => `${s} in ${p.path}`))
}

function promptOf(request: RecordedRequest): string {
  const user = (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')
  return user?.content ?? ''
}

function toolResult(request: RecordedRequest): string | undefined {
  const tool = (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'tool')
  return tool?.content
}

describe('hostile conditions (child Vitest runs)', { timeout: 240_000 }, () => {
  describe('secrets a server is started with', () => {
    let model: ScriptedModelServer | undefined
    let judge: ScriptedModelServer | undefined
    let http: Awaited<ReturnType<typeof startKeyedHttp>> | undefined
    afterAll(async () => {
      await model?.close()
      await judge?.close()
      await http?.close()
    })

    it('never reach a cassette, in its request or its response, and a redacted cassette replays', async () => {
      http = await startKeyedHttp()
      // Calls the server's whoami tool, then repeats what it said: the secret is in the next request and in the reply.
      model = await startScriptedModel({
        script: (request): ScriptedTurn => {
          const server = /^SECRET ([\w-]+):/.exec(promptOf(request))?.[1] ?? 'none'
          const said = toolResult(request)
          return said === undefined
            ? { toolCalls: [{ name: `${server}__whoami`, arguments: {} }] }
            : { content: `The server says ${said}.` }
        },
      })
      // A judge that quotes back whatever token-like text its prompt holds, so a secret in the prompt would reach the cache twice.
      judge = await startScriptedModel({
        script: (request) => {
          const quoted = /tok_\w+|htk_\w+|\[redacted:[^\]]+\]/.exec(JSON.stringify(request.body))?.[0] ?? 'nothing'
          return { content: JSON.stringify({ reasoning: { task_fulfillment: `it quoted ${quoted}` }, scores: SCORES }) }
        },
      })
      const out = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-'))
      const cassettes = join(out, 'cassettes')
      const env = {
        E2E_MODEL_URL: model.url,
        E2E_JUDGE_URL: judge.url,
        E2E_AGENT_KEY: AGENT_KEY,
        E2E_PLANTED: PLANTED,
        E2E_HTTP_TOKEN: HTTP_TOKEN,
        E2E_HTTP_URL: http.url,
        MCP_BENCH_CASSETTE_DIR: cassettes,
      }
      const args = (blob: string) => [
        'benchmarks/secrets.test.ts',
        '--reporter=default',
        '--reporter=blob',
        `--outputFile.blob=${join(out, blob)}`,
      ]
      const recorded = await runChildVitest({
        project: 'test/e2e/faults',
        args: args('record.blob.json'),
        out,
        env: { ...env, MCP_BENCH_CASSETTE: 'record' },
      })
      for (const id of ['secrets/keyholder', 'secrets/keyed-http'])
        expect(task(recorded, id), task(recorded, id).error ?? '').toMatchObject({ status: 'passed' })
      // Both secrets did travel: the model was sent each one in a tool message (so the cassette had something to hide).
      const sent = model.requests.map((q) => toolResult(q)).filter(Boolean)
      expect(sent).toEqual(expect.arrayContaining([PLANTED, HTTP_TOKEN]))
      // Four model exchanges and the judge's (its cache is the cassette while one records), two samples per task.
      const stored = filesUnder(cassettes)
      expect(stored.length).toBe(8)
      // The judge saw each secret only redacted (its catalog quotes the keyholder's token; the trajectory both).
      expect(task(recorded, 'secrets/keyholder').judge).toMatchObject({
        reasoning: { taskFulfillment: 'it quoted [redacted:E2E_PLANTED]' },
      })
      expect(task(recorded, 'secrets/keyed-http').judge).toMatchObject({
        reasoning: { taskFulfillment: 'it quoted [redacted:E2E_HTTP_TOKEN]' },
      })
      expect(leaks([...recorded.files(), { path: '(terminal)', text: recorded.output }])).toEqual([])
      // The cassette says what was there.
      expect(stored.map((f) => f.text).join('\n')).toContain('[redacted:E2E_PLANTED]')
      expect(stored.map((f) => f.text).join('\n')).toContain('[redacted:E2E_HTTP_TOKEN]')

      // Replayed with the model gone: every answer comes from the redacted cassette.
      await model.close()
      await judge.close()
      const before = model.requests.length + judge.requests.length
      const replayed = await runChildVitest({
        project: 'test/e2e/faults',
        args: args('replay.blob.json'),
        out,
        env: { ...env, MCP_BENCH_CASSETTE: 'replay' },
      })
      expect(model.requests.length + judge.requests.length).toBe(before)
      for (const id of ['secrets/keyholder', 'secrets/keyed-http'])
        expect(task(replayed, id)).toMatchObject({ status: 'passed', metrics: { toolCalls: 1 } })
      expect(leaks([...replayed.files(), { path: '(terminal)', text: replayed.output }])).toEqual([])
      expect(replayed.code).toBe(0)
      await expect.poll(() => [...recorded.pids, ...replayed.pids].filter(isAlive), { timeout: 5_000 }).toEqual([])
    })
  })

  describe('model replies that are valid but unusual', () => {
    let model: ScriptedModelServer | undefined
    afterAll(() => model?.close())

    it('are recorded whole: each task keeps its trajectory and tokens, none is lost as malformed', async () => {
      model = await startScriptedModel({ script: unusualReplies })
      const r = await runChildVitest({
        project: 'test/e2e/faults',
        args: ['benchmarks/replies.test.ts'],
        env: { E2E_MODEL_URL: model.url, E2E_AGENT_KEY: AGENT_KEY },
      })
      const shapes = ['args-object', 'no-id', 'content-parts', 'usage-fraction', 'usage-negative']
      for (const shape of shapes) {
        const record = task(r, `reply/${shape}`)
        expect(record, shape).toMatchObject({ status: 'passed', error: null, metrics: { toolCalls: 1, executionSuccess: 1 } })
        expect(record.tokens.total, shape).toBeGreaterThan(0)
        expect(record.rounds, shape).toBe(2)
      }
      // Counts are whole numbers: 12.5 is rounded, −5 is no tokens (the other turn's are kept).
      expect(task(r, 'reply/usage-fraction').tokens).toMatchObject({ prompt: 13 + 20, completion: 13 + 5 })
      expect(task(r, 'reply/usage-negative').tokens).toMatchObject({ prompt: 20, completion: 5 })
      // The conversation went on with what the model sent: the object arguments as JSON, an id made up for the call.
      const followUps = model.requests.filter((q) => toolResult(q) !== undefined)
      expect(followUps).toHaveLength(shapes.length)
      for (const q of followUps) {
        const messages = q.body.messages as Array<{
          role: string
          tool_calls?: Array<{ id: string; function: { arguments: unknown } }>
          tool_call_id?: string
        }>
        const call = messages.find((m) => m.role === 'assistant')!.tool_calls![0]!
        expect(typeof call.function.arguments).toBe('string')
        expect(call.id).toMatch(/\S/)
        expect(messages.find((m) => m.role === 'tool')!.tool_call_id).toBe(call.id)
      }
      // A tool call with no name cannot be run: the model's error, with its turn and tokens kept.
      expect(task(r, 'reply/no-name')).toMatchObject({
        status: 'errored',
        errorPhase: 'agent',
        rounds: 1,
        error: expect.stringMatching(/scripted-model sent a reply that cannot be used: tool_calls\[0\] has no function name/),
        tokens: { prompt: 20, completion: 5, total: 25 },
      })
      expect(r.output).not.toMatch(/malformed|harness fault/)
      expect(r.code).toBe(1)
      expect(r.output).toContain('exit 1: 1 task did not pass')
    })
  })
})

/** A completion body as a server that bends the format would send it. */
function completion(
  message: Record<string, unknown>,
  usage: Record<string, unknown> = { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
): ScriptedTurn {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-unusual',
      object: 'chat.completion',
      created: 0,
      model: 'scripted-model',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      usage,
    },
  }
}

function unusualReplies(request: RecordedRequest): ScriptedTurn {
  const shape = /^REPLY ([\w-]+):/.exec(promptOf(request))?.[1]
  const answered = toolResult(request) !== undefined
  const call = (extra: Record<string, unknown> = {}) => ({
    id: 'call_1',
    type: 'function',
    function: { name: 'probe__echo', arguments: '{"text":"hello"}' },
    ...extra,
  })
  const answer = completion({ content: 'The server said hello.' })
  switch (shape) {
    case 'args-object':
      return answered
        ? answer
        : completion({ content: null, tool_calls: [call({ function: { name: 'probe__echo', arguments: { text: 'hello' } } })] })
    case 'no-id':
      return answered
        ? answer
        : completion({
            content: null,
            tool_calls: [{ type: 'function', function: { name: 'probe__echo', arguments: '{"text":"hello"}' } }],
          })
    case 'content-parts':
      return answered
        ? completion({
            content: [
              { type: 'text', text: 'The server said ' },
              { type: 'text', text: 'hello.' },
            ],
          })
        : completion({ content: [], tool_calls: [call()] })
    case 'usage-fraction':
      return answered
        ? answer
        : completion({ content: null, tool_calls: [call()] }, { prompt_tokens: 12.5, completion_tokens: 12.5, total_tokens: 25 })
    case 'no-name':
      return completion({ content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { arguments: '{"text":"hello"}' } }] })
    case 'usage-negative':
      return answered
        ? answer
        : completion({ content: null, tool_calls: [call()] }, { prompt_tokens: -5, completion_tokens: -5, total_tokens: -5 })
    default:
      return { status: 400, body: { error: { message: `unknown shape ${shape}` } } }
  }
}
