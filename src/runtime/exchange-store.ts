import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../lib/atomic-file.ts'
import { join, resolve } from 'node:path'
import { createRedactor, placeholder, type Secret } from '../lib/redact.ts'
import { stableStringify } from '../lib/stable-json.ts'

/**
 * The one store of model exchanges, keyed by the content of the request
 * (its API path and body, never its host or headers, so no key is ever
 * read or written). A `fetch` for the openai SDK that answers from it:
 *
 * - `record`: every exchange is sent live and saved (model cassettes): every reply the run read, one that the
 *   caller cannot parse included, and an error the SDK does not retry (a 400 is the run's too);
 * - `replay`: every answer comes from the store; a miss fails at once, naming the request, and an entry that
 *   cannot be read (a truncated or corrupt file) fails as such, naming the file;
 * - `cache`: answers from the store when it has them, else live and saved (the judge cache; with `keep`, only
 *   what `keep` accepts is saved or used, unless `keepAll`: a cassette records the judge in this mode);
 * - `off`: plain fetch.
 *
 * Text that differs between identical runs (a task's fresh workspace
 * path) is replaced by a placeholder in the key and in what is stored, and
 * put back on replay, so a recorded run replays in a new directory.
 *
 * Secrets get the same treatment, because cassettes are meant to be
 * committed: every value the run's redactor knows (a server's `${VAR}`, API
 * keys), in any of the spellings it knows, is redacted in the stored
 * request, the stored response and the key. The key is therefore the same
 * whatever the secret's value, so a cassette recorded with one token replays
 * with another. On replay `[redacted:NAME]` becomes this run's value again,
 * so an agent that passes a token on (to a tool) behaves as it did live.
 * Credential-shaped text that is no known value is left as it is here (the
 * reports redact it): a pattern cannot tell a key from "token balances", and
 * a replay must give back exactly what the model said.
 */
type StoreMode = 'record' | 'replay' | 'cache' | 'off'

export interface StoreOptions {
  mode: StoreMode
  /** Directory of the store (one JSON file per exchange). */
  dir: string
  /** Saves and answers with only responses this accepts (the judge cache keeps only replies it could parse). */
  keep?: (response: unknown) => boolean
  /**
   * With `keep`, in `cache` mode: every reply is saved all the same, and a stored reply `keep` refuses is asked
   * for again rather than used. A cassette records the judge so: its replay must read every reply the recorded
   * run read, an unparseable one included, while a second recording still asks again for what did not parse.
   */
  keepAll?: boolean
  /** Placeholder name → the text it stands for in this run. */
  volatile?: ReadonlyMap<string, string>
  /** Values never written to the store (see above); credential-shaped text is redacted whether or not it is listed. */
  secrets?: readonly Secret[]
}

interface StoredExchange {
  request: { path: string; body: unknown }
  response: { status: number; contentType: string; body: string }
}

/**
 * Set on a response that came from the store: `hit` from a cache (its tokens were spent in an earlier run, and are
 * not this run's), `replay` from a cassette being replayed (the recorded run's reply, counted as that run counted it,
 * so a replay gives the recorded leaderboard, spend included).
 */
export const STORE_HIT_HEADER = 'x-mcp-bench-store'

/** Model cassettes from MCP_BENCH_CASSETTE (record | replay) and MCP_BENCH_CASSETTE_DIR. */
export function cassetteFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): StoreOptions {
  const mode = (env.MCP_BENCH_CASSETTE ?? 'off') as StoreMode
  if (!['record', 'replay', 'off'].includes(mode)) throw new Error(`MCP_BENCH_CASSETTE must be record, replay or off, not "${mode}"`)
  return { mode, dir: resolve(root, env.MCP_BENCH_CASSETTE_DIR ?? '.mcp-bench-cassettes') }
}

export function storedFetch(options: StoreOptions, inner: typeof fetch = fetch): typeof fetch {
  if (options.mode === 'off') return inner
  const volatile = [...(options.volatile ?? new Map())].filter(([, v]) => v.length > 0).sort((a, b) => b[1].length - a[1].length)
  const hide = (text: string) => volatile.reduce((out, [name, value]) => out.split(value).join(`<${name}>`), text)
  const restore = (text: string) => volatile.reduce((out, [name, value]) => out.split(`<${name}>`).join(value), text)
  const secrets = createRedactor(options.secrets ?? [], { patterns: false })
  const unredact = (text: string) => secrets.secrets.reduce((out, s) => out.split(placeholder(s)).join(s.value), text)
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    const body = typeof init?.body === 'string' ? secrets.deep(JSON.parse(hide(init.body)) as unknown) : null
    const request = { path: url.pathname.replace(/^.*?(\/(?:chat|completions|responses|embeddings|models)\b)/, '$1'), body }
    const file = entryPath(options.dir, exchangeKey(request))
    const entry = options.mode === 'record' ? undefined : read(file)
    // A replay must not pass off a broken cassette as a request nobody recorded; a cache just asks again.
    if (entry?.corrupt !== undefined && options.mode === 'replay') return corrupt(file, entry.corrupt)
    const stored =
      entry?.exchange && (options.mode !== 'cache' || !options.keepAll || accepts(options.keep, entry.exchange.response.body))
        ? entry.exchange
        : undefined
    if (stored) {
      return new Response(
        onJson(stored.response.body, (t) => restore(unredact(t))),
        {
          status: stored.response.status,
          // `replay`: the recorded run's reply, spent in the run it reproduces; `hit`: served from a cache, spent before.
          headers: { 'content-type': stored.response.contentType, [STORE_HIT_HEADER]: options.mode === 'replay' ? 'replay' : 'hit' },
        },
      )
    }
    if (options.mode === 'replay') return miss(request, file)
    const response = await inner(input, init)
    const text = await response.text()
    // Errors the SDK retries (408, 409, 429, 5xx) are not the run's answer: the retry's is. Everything else is kept.
    if (worthKeeping(response.status) && (options.keepAll || accepts(options.keep, text))) {
      write(file, {
        request,
        response: {
          status: response.status,
          contentType: response.headers.get('content-type') ?? 'application/json',
          body: hide(onJson(text, secrets.text)),
        },
      })
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

/**
 * Applies a text step to every string of a JSON body, so a replacement can
 * never break its quoting; a body that is not JSON is treated as one string.
 */
function onJson(body: string, step: (text: string) => string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return step(body)
  }
  return JSON.stringify(walkStrings(parsed, step))
}

function walkStrings(value: unknown, step: (text: string) => string): unknown {
  if (typeof value === 'string') return step(value)
  if (Array.isArray(value)) return value.map((v) => walkStrings(v, step))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walkStrings(v, step)]))
  return value
}

function exchangeKey(request: StoredExchange['request']): string {
  return createHash('sha256').update(stableStringify(request)).digest('hex').slice(0, 32)
}

function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`)
}

function accepts(keep: StoreOptions['keep'], text: string): boolean {
  if (!keep) return true
  try {
    return keep(JSON.parse(text))
  } catch {
    return false
  }
}

/** A stored exchange, nothing (a miss), or why the file that is there cannot be read. */
function read(file: string): { exchange?: StoredExchange; corrupt?: string } | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? undefined
      : { corrupt: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` }
  }
  let entry: StoredExchange
  try {
    entry = JSON.parse(text) as StoredExchange
  } catch (error) {
    return { corrupt: `is not valid JSON (${(error as Error).message}; ${text.length} bytes: truncated?)` }
  }
  const response = entry?.response
  if (typeof response?.body !== 'string' || typeof response.status !== 'number') return { corrupt: 'has no response { status, body }' }
  return { exchange: entry }
}

/** The SDK retries these, so an answer with one of them is not the run's answer. */
function worthKeeping(status: number): boolean {
  return status < 500 && status !== 408 && status !== 409 && status !== 429
}

/** Atomic, so parallel workers never read half an entry; a store that cannot be written only costs a future request. */
function write(file: string, entry: StoredExchange): void {
  try {
    writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`)
  } catch {
    // Not kept: the next run asks the endpoint again.
  }
}

/** A cassette entry that is there but broken: the run fails the request at once, naming the file. */
function corrupt(file: string, why: string): Response {
  const message = `cassette corrupt: ${file} ${why}; record it again with MCP_BENCH_CASSETTE=record`
  return new Response(JSON.stringify({ error: { message, type: 'cassette_corrupt' } }), {
    status: 422,
    headers: { 'content-type': 'application/json', 'x-should-retry': 'false' },
  })
}

/** An HTTP error the SDK will not retry, so the task fails at once with this message. */
function miss(request: StoredExchange['request'], file: string): Response {
  const model = (request.body as { model?: string } | null)?.model ?? 'unknown model'
  const turns = (request.body as { messages?: unknown[] } | null)?.messages?.length ?? 0
  const message = `cassette miss: no recorded answer for this ${model} request (${turns} messages) in ${file}; record it with MCP_BENCH_CASSETTE=record`
  return new Response(JSON.stringify({ error: { message, type: 'cassette_miss' } }), {
    status: 422,
    headers: { 'content-type': 'application/json', 'x-should-retry': 'false' },
  })
}
