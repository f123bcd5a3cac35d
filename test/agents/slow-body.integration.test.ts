import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modelClient } from '../../src/runtime/agents/model-client.ts'
import { createChatClient } from '../../src/runtime/judge/client.ts'
import { resolveJudgeConfig } from '../../src/runtime/judge/config.ts'

/**
 * A body that trickles in, a byte every 500 ms after prompt headers: the
 * per-request timeout must stop it, not the task's budget. The body would
 * take a minute, far past the test's own timeout, so a pass can only come
 * from the request timing out.
 */
let server: Server
let baseURL: string
const sockets = new Set<import('node:net').Socket>()

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' })
    const body = JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'late' }, finish_reason: 'stop' }],
    }).padEnd(120)
    let i = 0
    const timer = setInterval(() => {
      if (i >= body.length) {
        clearInterval(timer)
        res.end()
        return
      }
      res.write(body[i++])
    }, 500)
    res.on('close', () => clearInterval(timer))
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})

afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((r) => server.close(r))
})

describe('a response body that trickles in', { timeout: 20_000 }, () => {
  it("times out the agent's model request at its per-request timeout", async () => {
    const { client } = modelClient(
      { model: 'm', baseURL, apiKey: 'k', requestTimeoutMs: 1_500, maxRetries: 0, cassette: { mode: 'off', dir: '' } },
      'test',
    )
    await expect(client().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(
      /timed out/i,
    )
  })

  it("times out the judge's request at its timeout", async () => {
    const config = resolveJudgeConfig(
      { model: 'j', baseURL, apiKey: 'k', timeoutMs: 1_500, maxRetries: 0, cache: false },
      {},
      process.cwd(),
    )!
    const judge = createChatClient(config, () => true)
    await expect(judge.complete({ model: 'j', messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/timed out after 1500 ms/)
  })
})
