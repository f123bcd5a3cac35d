import { mkdtempSync } from 'node:fs'
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

/**
 * The fault matrix: each child Vitest run of test/e2e/faults meets a class of
 * faults, and every fault must end as a recorded task with a clear message,
 * the run's exit code must say why, no server process may survive, and no
 * planted secret may reach any file or the terminal.
 */

const SERVER_TOKEN = 'tok_planted_server_7f3a91c2'
const AGENT_KEY = 'sk-e2e-agent-planted-5b8d1e'
const JUDGE_KEY = 'sk-e2e-judge-planted-9c4f2a'
const JUDGE_HEADER = 'hdr-planted-judge-3e7b'
const SECRETS = [SERVER_TOKEN, AGENT_KEY, JUDGE_KEY, JUDGE_HEADER]

const run = (args: string[], env: Record<string, string> = {}, out = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-'))) =>
  runChildVitest({
    project: 'test/e2e/faults',
    args,
    out,
    env: {
      E2E_SERVER_TOKEN: SERVER_TOKEN,
      E2E_AGENT_KEY: AGENT_KEY,
      E2E_JUDGE_INLINE_KEY: JUDGE_KEY,
      E2E_JUDGE_INLINE_HEADER: JUDGE_HEADER,
      ...env,
    },
  })

const task = (r: ChildRun, id: string) => {
  const found = r.leaderboard.tasks.find((t) => t.id === id)
  if (!found) throw new Error(`no record for ${id}; records: ${r.leaderboard.tasks.map((t) => t.id).join(', ')}`)
  return found
}

/** No planted secret in any file the run wrote (leaderboard, JUnit, summary, HTML, blobs) nor in its terminal output. */
function expectNoSecrets(r: ChildRun) {
  const places = [...r.files(), { path: '(terminal)', text: r.output }]
  const leaks = places.flatMap((p) => SECRETS.filter((s) => p.text.includes(s)).map((s) => `${s} in ${p.path}`))
  expect(leaks).toEqual([])
}

async function expectNoSurvivors(r: ChildRun) {
  expect(r.pids.length).toBeGreaterThan(0)
  await expect.poll(() => r.pids.filter(isAlive), { timeout: 5_000 }).toEqual([])
}

describe('fault matrix (child Vitest runs)', { timeout: 180_000 }, () => {
  it('servers that crash, hang, print garbage, return 10 MB or leak a key: each task recorded, the run goes on', async () => {
    // The blob goes with the other outputs, so the secret scan reads it too (and the project stays clean).
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-'))
    const r = await run(
      ['benchmarks/servers.test.ts', '--reporter=default', '--reporter=blob', `--outputFile.blob=${join(out, 'blob.json')}`],
      {},
      out,
    )
    expect(task(r, 'server/crash-mid-call')).toMatchObject({
      status: 'errored',
      errorPhase: 'agent',
      error: expect.stringMatching(/reference step "c" \(probe\.crash-now\) failed: .*Connection closed/),
    })
    // The next task finds the shared server dead and gets a new one.
    expect(task(r, 'server/after-a-crash')).toMatchObject({ status: 'passed' })
    expect(task(r, 'server/tool-hangs')).toMatchObject({
      status: 'errored',
      error: expect.stringMatching(/impatient\.sleep failed: .*timed out/i),
    })
    expect(task(r, 'server/hangs-at-start')).toMatchObject({
      status: 'setup-error',
      errorPhase: 'servers',
      error: expect.stringMatching(/Server "hangs-at-start" failed to start .*did not start within 800 ms \(tried 2 times\)/),
    })
    expect(task(r, 'server/garbage-on-stdout').error).toMatch(
      /it wrote output that is not MCP protocol to stdout \(Unexpected token 'W', "Welcome to"/,
    )
    // 10 MB of output: the agent saw it cut, the record keeps 4,000 characters, the reports stay small.
    expect(task(r, 'server/ten-megabytes')).toMatchObject({ status: 'passed', metrics: { toolCalls: 1, executionSuccess: 1 } })
    const sizes = r
      .files()
      .filter((f) => /leaderboard\.json|report\.html|junit\.xml/.test(f.path))
      .map((f) => f.text.length)
    expect(Math.max(...sizes)).toBeLessThan(200_000)
    // The key a server was started with, echoed on its stderr, is replaced wherever it would appear.
    const leaky = task(r, 'server/leaks-its-key')
    expect(leaky.status).toBe('setup-error')
    expect(leaky.error).toContain('--api-key=${E2E_SERVER_TOKEN}')
    expect(leaky.error).toContain('cannot authenticate with --api-key=[redacted:E2E_SERVER_TOKEN]')
    expectNoSecrets(r)
    expect(r.code).toBe(1)
    expect(r.output).toContain('exit 1: 3 setup errors (see above), whatever the gate')
    await expectNoSurvivors(r)
  })

  describe('a model that fails', () => {
    let model: ScriptedModelServer
    afterAll(() => model?.close())

    it('401, 429 and 500 storms, a timeout, an HTML body and empty choices: each task errored, with the cause', async () => {
      model = await startScriptedModel({ script: modelFaults })
      const r = await run(['benchmarks/model.test.ts'], { E2E_MODEL_URL: model.url })
      expect(task(r, 'model/ok')).toMatchObject({ status: 'passed', metrics: { toolCalls: 1 } })
      const errored = (id: string, pattern: RegExp) =>
        expect(task(r, id)).toMatchObject({ status: 'errored', errorPhase: 'agent', error: expect.stringMatching(pattern) })
      errored('model/401', /401 Incorrect API key provided: \[redacted:E2E_AGENT_KEY\]/)
      errored('model/429', /429/)
      errored('model/500', /500/)
      errored('model/timeout', /timed out/i)
      errored('model/html', /returned no message \(response: "<html>/)
      errored('model/no-choices', /returned no message \(response: \{.*"choices":\[\]/)
      // Retries are the SDK's: 500 was tried 3 times (maxRetries 2), 401 once; the 429 storm twice 3 times, its
      // request queued once more for its endpoint's lowered limit (src/runtime/limit/endpoint-gate.ts).
      const tries = (fault: string) => model.requests.filter((q) => promptOf(q).startsWith(`FAULT ${fault}:`)).length
      expect([tries('401'), tries('429'), tries('500')]).toEqual([1, 6, 3])
      expect(r.leaderboard.agents[0]).toMatchObject({ tasks: 7, passed: 1, errored: 6, passRate: 1 / 7 })
      expectNoSecrets(r)
      expect(r.code).toBe(1)
      expect(r.output).toContain('exit 1: 6 tasks did not pass and no gate is configured')
      await expectNoSurvivors(r)
    })
  })

  describe('a judge that fails', () => {
    let judge: ScriptedModelServer
    afterAll(() => judge?.close())

    it('answering 401: every task errored, the overall gate fails naming them, and the terminal says so', async () => {
      judge = await startScriptedModel({
        script: () => ({
          status: 401,
          body: { error: { message: `Incorrect API key provided: ${JUDGE_KEY}`, type: 'invalid_request_error' } },
        }),
      })
      const r = await run(['benchmarks/judged.test.ts'], { E2E_JUDGE_URL: judge.url })
      for (const id of ['judged/one', 'judged/two']) {
        expect(task(r, id)).toMatchObject({
          status: 'errored',
          errorPhase: 'judge',
          error: expect.stringMatching(
            /the judge failed on task .*HTTP 401: Incorrect API key provided: \[redacted:MCP_BENCH_JUDGE_API_KEY\]/,
          ),
        })
      }
      expect(r.leaderboard.agents[0]!.judge).toEqual({ configured: true, judged: 0, errors: 2 })
      expect(r.leaderboard.gate.passed).toBe(false)
      expect(r.leaderboard.gate.failures[0]).toMatch(
        /^reference: the judge failed on 2 tasks, so its overall score cannot be trusted: judged\/one/,
      )
      expect(r.output).toMatch(/judge errors: 2 tasks could not be judged/)
      expect(r.output).toContain('gate failed: exit 1 (1 threshold missed, listed above)')
      expect(r.summary).toMatch(/\| reference \| builtin \| 2 \| 0 \| 0 \| 2 \| 0 \| 0\.0% .*\| 0 \| 2 \|/)
      expect(r.code).toBe(1)
      // The inline key and header reached the judge through the workers' environment, not their settings.
      expect(judge.requests.length).toBeGreaterThan(0)
      expect(judge.requests[0]!.headers['x-judge-token']).toBe(JUDGE_HEADER)
      expectNoSecrets(r)
    })

    it('answering with text that is not a verdict: every task errored with the parse failure', async () => {
      await judge?.close()
      judge = await startScriptedModel({ script: () => ({ content: 'I think the agent did fine overall!' }) })
      const r = await run(['benchmarks/judged.test.ts'], { E2E_JUDGE_URL: judge.url })
      expect(task(r, 'judged/one')).toMatchObject({
        status: 'errored',
        errorPhase: 'judge',
        error: expect.stringMatching(/all 2 judge samples failed: no JSON object/),
      })
      expect(r.code).toBe(1)
    })
  })
})

function promptOf(request: RecordedRequest): string {
  const user = (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')
  return user?.content ?? ''
}

/** The scripted model's answer for each FAULT word in the task's prompt. */
function modelFaults(request: RecordedRequest): ScriptedTurn {
  const fault = /^FAULT ([\w-]+):/.exec(promptOf(request))?.[1]
  const answered = (request.body.messages as Array<{ role: string }>).some((m) => m.role === 'tool')
  switch (fault) {
    case '401':
      return {
        status: 401,
        body: {
          error: {
            message: `Incorrect API key provided: ${AGENT_KEY}. You can find your API key at https://platform.openai.com.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      }
    case '429':
      return { status: 429, headers: { 'retry-after-ms': '10' } }
    case '500':
      return { status: 500, headers: { 'retry-after-ms': '10' } }
    case 'timeout':
      return { content: 'too late', delayMs: 5_000 }
    case 'html':
      return { status: 200, body: '<html><body><h1>Gateway</h1>Please sign in</body></html>', headers: { 'content-type': 'text/html' } }
    case 'no-choices':
      return { status: 200, body: { id: 'x', object: 'chat.completion', created: 0, model: 'scripted-model', choices: [] } }
    default:
      return answered ? { content: 'The server said hello.' } : { toolCalls: [{ name: 'probe__echo', arguments: { text: 'hello' } }] }
  }
}
