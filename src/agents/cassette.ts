import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { stableStringify } from '../stable-json.ts'

/**
 * Model cassettes: record every model exchange of a run to disk, then replay
 * the run later with no model and no key. Fixture servers are deterministic,
 * so a replayed agent sends byte-identical requests and gets the recorded
 * answers: a leaderboard can be reproduced, and a CI gate run for free.
 *
 * A cassette entry is keyed by a hash of the request's path and body only;
 * headers (and so API keys) are never read or stored.
 */
export type CassetteMode = 'record' | 'replay' | 'off'

export interface CassetteOptions {
  mode: CassetteMode
  /** Directory of the cassette (one JSON file per exchange). */
  dir: string
}

interface Entry {
  request: { path: string; body: unknown }
  response: { status: number; contentType: string; body: string }
}

/** Cassette settings from MCP_BENCH_CASSETTE (record | replay) and MCP_BENCH_CASSETTE_DIR. */
export function cassetteFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): CassetteOptions {
  const mode = (env.MCP_BENCH_CASSETTE ?? 'off') as CassetteMode
  if (!['record', 'replay', 'off'].includes(mode)) throw new Error(`MCP_BENCH_CASSETTE must be record, replay or off, not "${mode}"`)
  return { mode, dir: resolve(root, env.MCP_BENCH_CASSETTE_DIR ?? '.mcp-bench-cassettes') }
}

/** A fetch for the openai SDK that records to, or replays from, the cassette. */
export function cassetteFetch(options: CassetteOptions, inner: typeof fetch = fetch): typeof fetch {
  if (options.mode === 'off') return inner
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) as unknown : null
    const request = { path: url.pathname.replace(/^.*?(\/(?:chat|completions|responses|embeddings|models)\b)/, '$1'), body }
    const file = join(options.dir, `${requestKey(request)}.json`)
    if (options.mode === 'replay') return replay(file, request)
    const response = await inner(input, init)
    const text = await response.text()
    // Only successful exchanges are worth replaying; errors (429, 500) are retried live.
    if (response.ok) save(file, { request, response: { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body: text } })
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

function replay(file: string, request: Entry['request']): Response {
  let entry: Entry
  try {
    entry = JSON.parse(readFileSync(file, 'utf8')) as Entry
  } catch {
    const model = (request.body as { model?: string } | null)?.model ?? 'unknown model'
    const turns = (request.body as { messages?: unknown[] } | null)?.messages?.length ?? 0
    const message = `cassette miss: no recorded answer for this ${model} request (${turns} messages) in ${file}; record it with MCP_BENCH_CASSETTE=record`
    // An HTTP error the SDK will not retry, so the task fails at once with this message.
    return new Response(JSON.stringify({ error: { message, type: 'cassette_miss' } }), {
      status: 422, headers: { 'content-type': 'application/json', 'x-should-retry': 'false' },
    })
  }
  return new Response(entry.response.body, { status: entry.response.status, headers: { 'content-type': entry.response.contentType } })
}

function save(file: string, entry: Entry): void {
  mkdirSync(join(file, '..'), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(entry, null, 2)}\n`)
  renameSync(tmp, file)
}

export function requestKey(request: Entry['request']): string {
  return createHash('sha256').update(stableStringify(request)).digest('hex').slice(0, 32)
}
