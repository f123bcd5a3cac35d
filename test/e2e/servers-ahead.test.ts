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

function run(args: string[], env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-ahead-'))
  dirs.push(dir)
  const child = spawnSync(process.execPath, [vitestBin, 'run', ...args], {
    cwd: project,
    env: { ...process.env, AHEAD_DIR: dir, MCP_BENCH_MODEL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: child.status, output: `${child.stdout}${child.stderr}`, started: (s: string) => existsSync(join(dir, s)) }
}

describe("a file's shared servers start as its tasks are collected (src/runtime/servers/hub.ts)", () => {
  it('starts each server while its file is still collecting, and none whose tasks a name filter leaves unrun', () => {
    // Each file's collection waits for its server: it passes only if the server started before any test ran.
    const whole = run([], { AHEAD_WAIT: '1' })
    expect(whole.output).not.toMatch(/had not started/)
    expect(whole.code, whole.output).toBe(0)
    expect([whole.started('alpha'), whole.started('beta')]).toEqual([true, true])
    // Under `-t`, beta's only task does not run, so its server does not start at all.
    const filtered = run(['-t', 'alpha/'])
    expect(filtered.code, filtered.output).toBe(0)
    expect([filtered.started('alpha'), filtered.started('beta')]).toEqual([true, false])
  })
})
