import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storedFetch, type StoreOptions } from '../src/runtime/exchange-store.ts'

/** Every file under a store, as text. */
function stored(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n')
}

/** A model that repeats the last message it was sent, as a server's echo would. */
const echo: typeof fetch = async (_input, init) => {
  const body = JSON.parse(String(init?.body)) as { messages: Array<{ content: string }> }
  const said = body.messages.at(-1)!.content
  return new Response(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: `you said: ${said}` } }] }), {
    headers: { 'content-type': 'application/json' },
  })
}

const refuse: typeof fetch = async () => {
  throw new Error('no live request may be made on replay')
}

type Reply = { choices: Array<{ message: { content: string } }> }
const content = async (r: Response) => ((await r.json()) as Reply).choices[0]!.message.content

const ask = (f: typeof fetch, text: string) =>
  f('http://127.0.0.1:1/v1/chat/completions', {
    method: 'POST',
    body: JSON.stringify({ model: 'm', messages: [{ role: 'tool', content: text }] }),
  })

describe('secrets and the exchange store (cassettes, judge cache)', () => {
  const TOKEN = 'tok_store_planted_71ac'
  const QUOTED = 'p"ss\\word-77'
  const secrets = [
    { value: TOKEN, label: 'TOKEN' },
    { value: QUOTED, label: 'QUOTED' },
  ]

  it('keeps every known secret, in every spelling, out of the stored request and response, and what is no secret word for word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-store-'))
    const record: StoreOptions = { mode: 'record', dir, secrets }
    const spellings = [
      TOKEN,
      QUOTED,
      encodeURIComponent(QUOTED),
      Buffer.from(TOKEN).toString('base64'),
      Buffer.from(TOKEN).toString('base64url'),
    ]
    const reply = await content(await ask(storedFetch(record, echo), `token ${spellings.join(' | ')}; token balances are fine`))
    // The live answer is untouched: only what is written is redacted.
    expect(reply).toContain(TOKEN)
    const text = stored(dir)
    for (const s of [...spellings, JSON.stringify(QUOTED).slice(1, -1)]) expect(text).not.toContain(s)
    expect(text).toContain('[redacted:TOKEN]')
    expect(text).toContain('[redacted:TOKEN base64]')
    expect(text).toContain('[redacted:QUOTED url-encoded]')
    // Words that only look like a credential are kept, so a replay gives back what the model said.
    expect(text).toContain('token balances are fine')
  })

  it("replays a redacted entry: the key does not depend on the secret's value, and this run's value is put back", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-store-'))
    await ask(storedFetch({ mode: 'record', dir, secrets }, echo), `the token is ${TOKEN}`)
    const same = await content(await ask(storedFetch({ mode: 'replay', dir, secrets }, refuse), `the token is ${TOKEN}`))
    expect(same).toBe(`you said: the token is ${TOKEN}`)
    // Replayed where the token has another value (a teammate's): the same entry, with their value.
    const other = 'tok_someone_else_9921'
    const theirs = await content(
      await ask(storedFetch({ mode: 'replay', dir, secrets: [{ value: other, label: 'TOKEN' }] }, refuse), `the token is ${other}`),
    )
    expect(theirs).toBe(`you said: the token is ${other}`)
  })

  it('does the same in the judge cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-store-'))
    await ask(storedFetch({ mode: 'cache', dir, secrets }, echo), `quote ${TOKEN}`)
    expect(stored(dir)).not.toContain(TOKEN)
    const hit = await ask(storedFetch({ mode: 'cache', dir, secrets }, refuse), `quote ${TOKEN}`)
    expect(hit.headers.get('x-mcp-bench-store')).toBe('hit')
  })
})
