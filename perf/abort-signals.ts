/**
 * What a per-call signal leaves behind (src/lib/linked-signal.ts): N calls against one task signal, each
 * with its own signal that an SDK hangs an abort listener on and never removes (the MCP and openai SDKs do),
 * the call then ending normally. Side by side in one run, each way in a fresh process with --expose-gc:
 * - `any`: AbortSignal.any([task]) per call, as the recorder did;
 * - `linked`: linkedSignal([task]) per call, released when the call ends, as it does now;
 * - `none`: no signal per call at all, the floor.
 * Printed: the heap left live after a full GC, per way and as the difference from the floor.
 *
 * Run: node --import tsx perf/abort-signals.ts [--calls 100000]
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { linkedSignal } from '../src/lib/linked-signal.ts'
import { markdownTable } from './lib/stats.ts'

const { values } = parseArgs({ options: { calls: { type: 'string', default: '100000' }, mode: { type: 'string' } } })
const calls = Number(values.calls)
const MODES = ['none', 'any', 'linked'] as const

async function measure(mode: string): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  const task = new AbortController()
  const sdkListener = () => {}
  for (let i = 0; i < calls; i++) {
    if (mode === 'any') AbortSignal.any([task.signal]).addEventListener('abort', sdkListener)
    if (mode === 'linked') {
      const call = linkedSignal([task.signal])
      call.signal.addEventListener('abort', sdkListener)
      call.release()
    }
    if (i % 1_000 === 0) await new Promise((done) => setImmediate(done))
  }
  gc()
  await new Promise((done) => setTimeout(done, 50))
  gc()
  return process.memoryUsage().heapUsed
}

if (values.mode) {
  process.stdout.write(String(await measure(values.mode)))
} else {
  const script = fileURLToPath(import.meta.url)
  const heap = new Map(
    MODES.map((mode) => {
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, '--mode', mode, '--calls', String(calls)], {
        encoding: 'utf8',
      })
      if (run.status !== 0) throw new Error(`${mode}: ${run.stderr}`)
      return [mode, Number(run.stdout)]
    }),
  )
  const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`
  console.log(`Heap live after ${calls} calls and a full GC (node ${process.version})\n`)
  console.log(
    markdownTable(
      ['per-call signal', 'heap', 'over no signal'],
      MODES.map((m) => [m, mib(heap.get(m)!), mib(heap.get(m)! - heap.get('none')!)]),
      ['l', 'r', 'r'],
    ),
  )
}
