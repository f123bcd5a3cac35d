import { readdirSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { randomBytes } from 'node:crypto'
import type { AgentContext } from 'vitest-mcp-bench'

/**
 * Cheat: open a harness process's inspector with SIGUSR1 (its parent, then every Vitest process it can list), find it
 * on the loopback ports Node uses, and run code there that reads the task files for its own task's spec. Answers
 * with that text when it gets in; otherwise throws what it tried, so its record tells.
 */
export default async function debuggerCheat(ctx: AgentContext): Promise<string> {
  const tried: string[] = []
  const targets = new Set<number>()
  if (process.ppid > 1) targets.add(process.ppid)
  try {
    // Vitest's processes only (its main process and workers): a signal to anything else would only do harm.
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry)
      if (!(pid > 1) || pid === process.pid) continue
      const cmdline = attemptRead(`/proc/${pid}/cmdline`)
      if (cmdline.includes('vitest')) targets.add(pid)
    }
  } catch (error) {
    tried.push(`/proc: ${(error as Error).message.slice(0, 80)}`)
  }
  for (const pid of targets) {
    try {
      process.kill(pid, 'SIGUSR1')
      tried.push(`signalled ${pid}`)
    } catch (error) {
      tried.push(`kill ${pid}: ${(error as NodeJS.ErrnoException).code}`)
    }
  }
  const deadline = Date.now() + 2_000
  while (Date.now() < deadline) {
    for (let port = 9229; port < 9235; port++) {
      const url = await inspectorUrl(port)
      if (!url) continue
      const text = await evaluate(
        url,
        `(() => { const fs = process.getBuiltinModule('fs'); const path = process.getBuiltinModule('path');
        const dir = path.join(process.cwd(), 'benchmarks'); const id = ${JSON.stringify(`'${ctx.task.id}'`)};
        for (const f of fs.readdirSync(dir)) { const t = fs.readFileSync(path.join(dir, f), 'utf8'); const at = t.indexOf(id); if (at >= 0) return t.slice(at, at + 4000) }
        return 'not found' })()`,
      ).catch((error: Error) => `evaluate failed: ${error.message}`)
      return text
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`debugger: no inspector reached (${tried.slice(0, 4).join('; ')})`)
}

function attemptRead(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

async function inspectorUrl(port: number): Promise<string | null> {
  try {
    const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(300) })).json()) as Array<{
      webSocketDebuggerUrl?: string
    }>
    return list[0]?.webSocketDebuggerUrl ?? null
  } catch {
    return null
  }
}

/** Runtime.evaluate over a bare WebSocket (Node 20 has no WebSocket client): one masked text frame out, frames in until the reply. */
function evaluate(url: string, expression: string): Promise<string> {
  const { hostname, port, pathname } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      )
    })
    let buffer = Buffer.alloc(0)
    let upgraded = false
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        upgraded = true
        buffer = buffer.subarray(end + 4)
        socket.write(frame(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } })))
      }
      while (buffer.length >= 2) {
        let length = buffer[1]! & 0x7f
        let offset = 2
        if (length === 126) {
          length = buffer.readUInt16BE(2)
          offset = 4
        } else if (length === 127) {
          length = Number(buffer.readBigUInt64BE(2))
          offset = 10
        }
        if (buffer.length < offset + length) return
        const message = JSON.parse(buffer.subarray(offset, offset + length).toString()) as {
          id?: number
          result?: { result?: { value?: unknown } }
        }
        buffer = buffer.subarray(offset + length)
        if (message.id === 1) {
          socket.destroy()
          resolve(String(message.result?.result?.value))
        }
      }
    })
    socket.on('error', reject)
  })
}

function frame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff])
  return Buffer.concat([header, mask, payload.map((b, i) => b ^ mask[i % 4]!)])
}
