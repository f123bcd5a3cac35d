import { describe, expect, it } from 'vitest'
import { StdioLines } from '../../src/runtime/servers/stdio-lines.ts'

const msg = (id: number, text: string) => `${JSON.stringify({ jsonrpc: '2.0', id, result: { text } })}\n`

describe('reading newline-delimited JSON-RPC from a server', () => {
  it('joins a message split across chunks, reads several in one chunk, and skips blank lines', () => {
    const lines = new StdioLines(1_000)
    const all = msg(1, 'a') + '\r\n' + msg(2, 'b') + msg(3, 'c')
    const got = [...all].flatMap((ch) => lines.push(Buffer.from(ch)))
    expect(got.map((l) => l.kind === 'message' && 'id' in l.message && l.message.id)).toEqual([1, 2, 3])
    expect(lines.push(Buffer.from('not json\n'))).toMatchObject([{ kind: 'invalid' }])
  })

  it('drops a line past the limit while it arrives, with its size and the id at its start or its end', () => {
    const lines = new StdioLines(100)
    const tsOrder = `{"result":{"text":"${'x'.repeat(300)}"},"jsonrpc":"2.0","id":7}\n`
    const pyOrder = `{"jsonrpc":"2.0","id":"q-1","result":{"text":"${'y'.repeat(300)}","id":9}}\n`
    const noId = `{"result":{"text":"${'z'.repeat(300)}","id":5},"jsonrpc":"2.0","meta":1}\n`
    const chunked = (text: string) => [text.slice(0, 50), text.slice(50, 250), text.slice(250)].flatMap((c) => lines.push(Buffer.from(c)))
    expect(chunked(tsOrder)).toEqual([{ kind: 'oversized', bytes: tsOrder.length - 1, id: 7 }])
    expect(chunked(pyOrder)).toEqual([{ kind: 'oversized', bytes: pyOrder.length - 1, id: 'q-1' }])
    // A nested "id" is never taken for the message's own.
    expect(chunked(noId)).toEqual([{ kind: 'oversized', bytes: noId.length - 1, id: undefined }])
    // What follows is read from its own first byte.
    expect(lines.push(Buffer.from(msg(8, 'ok')))).toMatchObject([{ kind: 'message', message: { id: 8 } }])
  })
})
