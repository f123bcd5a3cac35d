import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runChildVitest } from '../support/child-vitest.ts'

const project = 'test/e2e/two-projects'

describe('two Vitest projects, each with its own mcpBench() options', () => {
  it('each writes its own reports, holding its own tasks, under its own outputDir', async () => {
    const run = await runChildVitest({ project })
    expect(run.code, run.output).toBe(0)
    for (const name of ['alpha', 'beta']) {
      const board = JSON.parse(readFileSync(join(run.out, name, 'leaderboard.json'), 'utf8')) as { tasks: Array<{ id: string }> }
      expect(board.tasks.map((t) => t.id).sort()).toEqual(
        name === 'alpha' ? ['alpha/sum-10-5', 'alpha/sum-2-3'] : ['beta/sum-20-5', 'beta/sum-4-6'],
      )
      const junit = readFileSync(join(run.out, name, 'junit.xml'), 'utf8')
      expect(junit).toContain(`${name}/sum-`)
      expect(junit).not.toContain(`${name === 'alpha' ? 'beta' : 'alpha'}/sum-`)
    }
  }, 120_000)

  it('sharing one outputDir with different gates is a configuration error naming both projects, not a silent first-wins', async () => {
    const run = await runChildVitest({ project, env: { E2E_SHARED_DIR: '1' } })
    expect(run.code).not.toBe(0)
    expect(run.output).toMatch(
      /projects "alpha" and "beta" both write their reports to .* but with different gate settings; give each project its own outputDir/,
    )
  }, 120_000)
})
