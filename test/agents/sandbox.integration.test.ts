import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runtimeKind } from '../../src/lib/runtime-kind.ts'
import { removeMountPoint, runtimeDirs, sandboxed, sandboxSupport } from '../../src/runtime/agents/isolated/sandbox.ts'

/**
 * The sandbox's walls, on their own (no runtime permission model inside): a Node process in it sees its own
 * PID space, a root holding only what it was given, links that resolve inside that root, read-only binds,
 * and no capability to undo any of it. Linux with unprivileged user namespaces only.
 */
const root = resolve('.')
const modules = resolve('node_modules')
const outside = mkdtempSync(join(tmpdir(), 'mcp-bench-outside-'))
writeFileSync(join(outside, 'secret.txt'), 'the answer is 42')
const link = join(modules, `.mcp-bench-sandbox-test-${process.pid}`)
symlinkSync('..', link)
afterAll(() => {
  rmSync(link, { force: true })
  rmSync(outside, { recursive: true, force: true })
})

const PROBE = `
const fs = require('node:fs'), cp = require('node:child_process')
const attempt = (f) => { try { return f() } catch (e) { return 'error ' + (e.code || e.message.split('\\n')[0]) } }
console.log(JSON.stringify({
  pid: process.pid, ppid: process.ppid,
  pids: fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).length,
  root: fs.readdirSync(${JSON.stringify(root)}).sort(),
  benchmarks: fs.existsSync(${JSON.stringify(join(root, 'benchmarks'))}),
  throughLink: attempt(() => fs.readdirSync(${JSON.stringify(link)})),
  outside: attempt(() => fs.readFileSync(${JSON.stringify(join(outside, 'secret.txt'))}, 'utf8')),
  write: attempt(() => fs.writeFileSync(${JSON.stringify(join(modules, 'sandbox-write.txt'))}, 'x')),
  tmp: attempt(() => (fs.writeFileSync('/tmp/scratch', 'x'), 'written')),
  kill: attempt(() => (process.kill(${process.pid}, 0), 'reached')),
  mount: attempt(() => cp.execFileSync('mount', ['-t', 'tmpfs', 'x', '/tmp'], { stdio: 'pipe' }) && 'mounted'),
  unmount: attempt(() => cp.execFileSync('umount', ['-l', ${JSON.stringify(modules)}], { stdio: 'pipe' }) && 'unmounted'),
}))`

describe.skipIf(!sandboxSupport().available || runtimeKind() !== 'node')('the agent sandbox', () => {
  it('holds its process to its own PID space and a root with only what it was given, read-only, links resolved inside it', () => {
    const box = sandboxed(process.execPath, ['-e', PROBE], { readable: [...runtimeDirs(), modules], masked: [root], cwd: root })
    const run = spawnSync(box.command, box.args, { encoding: 'utf8', timeout: 60_000 })
    removeMountPoint(box.mountPoint)
    expect(run.status, run.stderr).toBe(0)
    const seen = JSON.parse(run.stdout) as Record<string, unknown>
    expect(seen).toEqual({
      pid: 1,
      ppid: 0,
      pids: 1,
      // The project's root holds only the bind it was given; the link back to it finds the same.
      root: ['node_modules'],
      benchmarks: false,
      throughLink: ['node_modules'],
      outside: 'error ENOENT',
      write: 'error EROFS',
      tmp: 'written',
      // The test's own process is outside its PID namespace: no such process.
      kill: 'error ESRCH',
      mount: expect.stringMatching(/^error /),
      unmount: expect.stringMatching(/^error /),
    })
  })
})
