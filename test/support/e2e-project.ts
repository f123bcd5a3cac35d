import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'

const project = resolve('test/e2e/project')
const vitestBin = resolve('node_modules/vitest/vitest.mjs')

/** Runs Vitest on the miniature user project (test/e2e/project) in a child process, writing its reports to `out`. */
export async function runE2eProject(args: string[], env: Record<string, string> = {}, out = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-'))) {
  const child = spawn(process.execPath, [vitestBin, 'run', ...args], {
    cwd: project,
    env: { ...process.env, E2E_OUTPUT_DIR: out, PROBE_PID_FILE: join(out, 'pids.txt'), MCP_BENCH_MODEL: '', ...env },
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)))
  return {
    code,
    output,
    out,
    leaderboard: JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as Leaderboard,
    reportPath: join(out, 'report.html'),
  }
}
