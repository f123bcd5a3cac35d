import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'

const vitestBin = resolve('node_modules/vitest/vitest.mjs')

export interface ChildRun {
  code: number | null
  signal: NodeJS.Signals | null
  /** Everything the run wrote to stdout and stderr. */
  output: string
  out: string
  leaderboard: Leaderboard
  junit: string
  summary: string
  html: string
  /** Every stdio server process that announced itself through PROBE_PID_FILE. */
  pids: number[]
  /** The text of every file the run wrote under `out`, for grepping. */
  files(): Array<{ path: string; text: string }>
}

export interface ChildOptions {
  /** Project directory (test/e2e/project, test/e2e/faults, …). */
  project: string
  args?: string[]
  env?: Record<string, string>
  out?: string
  /** Called once the child started, e.g. to signal it later. */
  onStart?: (child: ChildProcess, out: string) => void | Promise<void>
  /** Start the child in a process group of its own (so a test can signal the group, as a terminal's Ctrl-C does). */
  detached?: boolean
}

/** Runs Vitest on a miniature user project in a child process, as a user would. */
export async function runChildVitest({
  project,
  args = [],
  env = {},
  out = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-')),
  onStart,
  detached = false,
}: ChildOptions): Promise<ChildRun> {
  const child = spawn(process.execPath, [vitestBin, 'run', ...args], {
    cwd: resolve(project),
    detached,
    env: { ...process.env, E2E_OUTPUT_DIR: out, PROBE_PID_FILE: join(out, 'pids.txt'), MCP_BENCH_MODEL: '', CI: 'true', ...env },
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('close', (c, s) => r([c, s])))
  await onStart?.(child, out)
  const [code, signal] = await closed
  const read = (f: string) => (existsSync(join(out, f)) ? readFileSync(join(out, f), 'utf8') : '')
  const pids = read('pids.txt').trim().split('\n').filter(Boolean).map(Number)
  const board = read('leaderboard.json')
  return {
    code,
    signal,
    output,
    out,
    pids,
    leaderboard: (board ? JSON.parse(board) : undefined) as Leaderboard,
    junit: read('junit.xml'),
    summary: read('summary.md'),
    html: read('report.html'),
    files: () => listFiles(out).map((path) => ({ path, text: readFileSync(path, 'utf8') })),
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}
