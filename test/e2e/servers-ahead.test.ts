import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const project = resolve('test/e2e/servers-ahead')
const vitestBin = resolve('node_modules/vitest/vitest.mjs')
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function run(args: string[], env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-ahead-'))
  dirs.push(dir)
  const child = spawnSync(process.execPath, [vitestBin, 'run', ...args], {
    cwd: project,
    // Without this worker's VITEST_WORKER_ID: the child's main process must not pass for one of its workers (wait.ts).
    env: { ...withoutWorkerId(process.env), AHEAD_DIR: dir, MCP_BENCH_MODEL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: child.status, output: `${child.stdout}${child.stderr}`, started: (s: string) => existsSync(join(dir, s)) }
}

function withoutWorkerId(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { VITEST_WORKER_ID: _id, VITEST_POOL_ID: _pool, ...rest } = env
  return rest
}

describe("a file's shared servers start ahead of its tasks, from the run's server plan (src/runtime/servers/start-ahead.ts)", () => {
  it('starts each server while its file is still being imported, and none whose tasks a name filter leaves unrun', () => {
    // Each file's import waits for its server: it passes only if the server started before the file's tasks existed.
    const whole = run([], { AHEAD_WAIT: 'alpha,beta', AHEAD_PLANNED: 'alpha,beta' })
    expect(whole.output).not.toMatch(/had not started/)
    expect(whole.code, whole.output).toBe(0)
    expect([whole.started('alpha'), whole.started('beta')]).toEqual([true, true])
    // Under `-t`, beta's only task does not run: the plan leaves its server out, and nothing starts it, though its
    // file is imported (and waits for the plan) all the same.
    const filtered = run(['-t', 'alpha/'], { AHEAD_WAIT: 'alpha', AHEAD_PLANNED: 'alpha' })
    expect(filtered.code, filtered.output).toBe(0)
    expect([filtered.started('alpha'), filtered.started('beta')]).toEqual([true, false])
  })
})
