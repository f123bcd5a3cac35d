import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'

/** A throwaway project next to test/e2e/project (same depth, so the same relative imports work). */
function project(): string {
  const dir = mkdtempSync(resolve('test/e2e/watch-'))
  mkdirSync(join(dir, 'benchmarks'))
  writeFileSync(join(dir, 'vitest.config.ts'), readFileSync('test/e2e/project/vitest.config.ts', 'utf8'))
  writeFileSync(join(dir, 'mcp.servers.json'), JSON.stringify({ mcpServers: { probe: { module: '../../support/probe-server.ts' } } }))
  for (const name of ['a', 'b']) {
    writeFileSync(
      join(dir, 'benchmarks', `${name}.test.ts`),
      `import { mcpTask } from 'vitest-mcp-bench'
mcpTask('${name}/echo', { servers: ['probe'], prompt: 'Echo ${name}.', reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: '${name}' } }], answer: 'It said ${name}.', facts: ['${name}'] } })
`,
    )
  }
  return dir
}

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('watch mode (child Vitest)', { timeout: 120_000 }, () => {
  it('keeps the latest result of every task seen in the session, not just the files that reran', async () => {
    const dir = project()
    dirs.push(dir)
    const out = join(dir, 'out')
    const child = spawn(process.execPath, [resolve('node_modules/vitest/vitest.mjs'), '--watch'], {
      cwd: dir,
      env: { ...process.env, E2E_OUTPUT_DIR: out, MCP_BENCH_MODEL: '' },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    try {
      const board = () =>
        existsSync(join(out, 'leaderboard.json'))
          ? (JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as Leaderboard)
          : undefined
      await expect.poll(() => board()?.tasks.length, { timeout: 60_000, interval: 200 }).toBe(2)
      const first = board()!
      // Change one file: Vitest reruns it alone.
      appendFileSync(join(dir, 'benchmarks', 'a.test.ts'), '// touched\n')
      await expect.poll(() => board()?.generatedAt !== first.generatedAt, { timeout: 60_000, interval: 200 }).toBe(true)
      const second = board()!
      expect(output).toMatch(/RERUN[\s\S]*a\.test\.ts/)
      expect(second.tasks.map((t) => t.id).sort()).toEqual(['a/echo', 'b/echo'])
      expect(second.agents[0]).toMatchObject({ tasks: 2, passed: 2 })
    } finally {
      // Wait for it to end: on SIGTERM it still writes its reports, and removing the directory under it races with that.
      const ended =
        child.exitCode === null && child.signalCode === null ? new Promise((done) => child.once('exit', done)) : Promise.resolve()
      child.kill('SIGTERM')
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await ended
      clearTimeout(stubborn)
    }
  })
})
