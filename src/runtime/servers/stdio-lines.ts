import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** The longest stdio message kept: the SDK's own limit. A server's output is cut far shorter in the record anyway. */
const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024
/** How much of an oversized line's start and end is kept, to find which request it answered. */
const EDGE_BYTES = 256

/** What one line of a server's stdout turned out to be. */
export type StdioLine =
  | { kind: 'message'; message: JSONRPCMessage }
  | { kind: 'invalid'; error: Error }
  /** A line past `maxBytes`, dropped as it came: its size, and the id it answered when one could be read. */
  | { kind: 'oversized'; bytes: number; id: string | number | undefined }

/**
 * Newline-delimited JSON-RPC from a server's stdout, read in linear time and bounded memory.
 *
 * The SDK's ReadBuffer joins every chunk onto what it holds and scans all of it for a newline on each chunk:
 * a 5 MB line in 64 KB chunks copies and scans hundreds of megabytes, and past 10 MB it throws from inside the
 * stream's `data` listener, where nothing catches it, and the request that line answered waits out its timeout
 * with no word of why. Here each chunk is scanned once and a line is joined once. A line longer than the limit
 * is dropped while it arrives (only its first and last bytes are kept), and is reported with its size and, when
 * the edges show it, the id it answered, so that request can fail at once with the reason.
 */
export class StdioLines {
  private chunks: Buffer[] = []
  private pending = 0
  /** Set while a line past the limit is being dropped. */
  private dropping: { bytes: number; head: Buffer; tail: Buffer } | undefined

  constructor(private readonly maxBytes = MAX_STDIO_MESSAGE_BYTES) {}

  /** The limit in megabytes, for messages. */
  get maxMb(): number {
    return Math.round(this.maxBytes / 1024 / 1024)
  }

  /** Every line `chunk` completes, in order. */
  push(chunk: Buffer): StdioLine[] {
    const lines: StdioLine[] = []
    let start = 0
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const line = this.take(chunk.subarray(start, nl))
      if (line) lines.push(line)
      start = nl + 1
    }
    if (start < chunk.length) this.keep(chunk.subarray(start))
    return lines
  }

  clear(): void {
    this.chunks = []
    this.pending = 0
    this.dropping = undefined
  }

  /** Adds a part of a line not yet ended, switching to dropping it once it passes the limit. */
  private keep(part: Buffer): void {
    if (this.dropping) return this.drop(part)
    if (this.pending + part.length <= this.maxBytes) {
      // Copied: the chunk's memory is not held on for the sake of a small remainder.
      this.chunks.push(Buffer.from(part))
      this.pending += part.length
      return
    }
    const held = Buffer.concat(this.chunks)
    this.chunks = []
    this.pending = 0
    this.dropping = { bytes: held.length, head: Buffer.from(held.subarray(0, EDGE_BYTES)), tail: Buffer.from(held.subarray(-EDGE_BYTES)) }
    this.drop(part)
  }

  private drop(part: Buffer): void {
    const d = this.dropping!
    d.bytes += part.length
    if (d.head.length < EDGE_BYTES) d.head = Buffer.concat([d.head, part.subarray(0, EDGE_BYTES - d.head.length)])
    d.tail = Buffer.from(Buffer.concat([d.tail, part.subarray(-EDGE_BYTES)]).subarray(-EDGE_BYTES))
  }

  /** Ends the line whose last part is `end`. */
  private take(end: Buffer): StdioLine | undefined {
    if (this.dropping || this.pending + end.length > this.maxBytes) {
      this.keep(end)
      const { bytes, head, tail } = this.dropping!
      this.dropping = undefined
      return { kind: 'oversized', bytes, id: answeredId(head.toString('latin1'), tail.toString('latin1')) }
    }
    const bytes = this.chunks.length ? Buffer.concat([...this.chunks, end]) : end
    this.chunks = []
    this.pending = 0
    const text = bytes.toString('utf8').replace(/\r$/, '')
    if (text.trim() === '') return undefined
    try {
      return { kind: 'message', message: deserializeMessage(text) }
    } catch (error) {
      return { kind: 'invalid', error: error as Error }
    }
  }
}

/**
 * The top-level id of a JSON-RPC message seen only by its edges: servers put it first (`{"jsonrpc":"2.0","id":3,`)
 * or last (`,"jsonrpc":"2.0","id":3}`, the TypeScript SDK's order). At either place it cannot be a nested key: at the
 * start nothing but `jsonrpc` comes before it, at the end the closing brace is the message's own.
 */
function answeredId(head: string, tail: string): string | number | undefined {
  const id = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")`
  const found =
    new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${id}`).exec(head) ??
    new RegExp(String.raw`${id}\s*\}\s*$`).exec(tail.replace(/\r$/, ''))
  if (!found) return undefined
  try {
    return JSON.parse(found[1]!) as string | number
  } catch {
    return undefined
  }
}
