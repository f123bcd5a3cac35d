import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storedFetch } from '../../src/runtime/exchange-store.ts'

/** A judge endpoint that answers each request with the next reply of a list. */
function replies(...texts: Array<string | { status: number }>): typeof fetch & { calls: number } {
  let i = 0
  const f = (async () => {
    const next = texts[Math.min(i++, texts.length - 1)]!
    f.calls++
    if (typeof next !== 'string')
      return new Response(JSON.stringify({ error: { message: `status ${next.status}` } }), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      })
    return new Response(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: next } }] }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof fetch & { calls: number }
  f.calls = 0
  return f
}

const refuse: typeof fetch = async () => {
  throw new Error('no live request may be made on replay')
}
const ask = (f: typeof fetch, text = 'judge this') =>
  f('http://127.0.0.1:1/v1/chat/completions', {
    method: 'POST',
    body: JSON.stringify({ model: 'judge', messages: [{ role: 'user', content: text }] }),
  })
const said = async (r: Response) => ((await r.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content
/** The judge's rule: a reply parses when it holds JSON. */
const parses = (response: unknown) =>
  (response as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content.startsWith('{')

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

describe('a cassette holds everything the run read', () => {
  it('keeps a judge reply that does not parse, replays it, and a second recording asks again for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-keep-'))
    const recording = { mode: 'cache' as const, dir, keep: parses, keepAll: true }
    expect(await said(await ask(storedFetch(recording, replies('no verdict here'))))).toBe('no verdict here')
    // The replay reads what the run read: the unparseable reply, not a miss.
    const replayed = await ask(storedFetch({ mode: 'replay', dir }, refuse))
    expect(replayed.status).toBe(200)
    expect(await said(replayed)).toBe('no verdict here')
    // Recording again asks the endpoint for what did not parse, and keeps the new reply.
    const live = replies('{"score": 7}')
    expect(await said(await ask(storedFetch(recording, live)))).toBe('{"score": 7}')
    expect(live.calls).toBe(1)
    expect(await said(await ask(storedFetch({ mode: 'replay', dir }, refuse)))).toBe('{"score": 7}')
  })

  it('the judge cache still keeps only what parses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-keep-'))
    await ask(storedFetch({ mode: 'cache', dir, keep: parses }, replies('no verdict here')))
    expect(files(dir)).toEqual([])
  })

  it('keeps an error the SDK will not retry (a 400), not one it retries (a 429)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-keep-'))
    await ask(storedFetch({ mode: 'record', dir }, replies({ status: 429 })), 'busy')
    expect(files(dir)).toEqual([])
    await ask(storedFetch({ mode: 'record', dir }, replies({ status: 400 })), 'too long')
    expect((await ask(storedFetch({ mode: 'replay', dir }, refuse), 'too long')).status).toBe(400)
  })

  it('reports a truncated entry as corruption, naming the file, not as a miss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-keep-'))
    await ask(storedFetch({ mode: 'record', dir }, replies('fine')))
    const [file] = files(dir)
    writeFileSync(file!, '{"request": {"path": "/chat/completions"}, "response": {"status": 200, "body": "{\\"cho')
    const response = await ask(storedFetch({ mode: 'replay', dir }, refuse))
    expect(response.status).toBe(422)
    const error = ((await response.json()) as { error: { message: string; type: string } }).error
    expect(error.type).toBe('cassette_corrupt')
    expect(error.message).toContain(`cassette corrupt: ${file} is not valid JSON`)
    expect(error.message).not.toContain('miss')
  })
})
