import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runChildVitest } from '../support/child-vitest.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { descriptionFollower } from '../../fixtures/models/description-follower.ts'
import { main } from '../../src/cli/main.ts'
import { TASKS } from './variants/tasks.ts'

/**
 * The server author's questions, end to end (docs/guide/server-authors.md): the npm filesystem server, a variant
 * of it with two descriptions made worse (`toolOverrides`) and the same tasks with no server (`false`), in one child
 * Vitest run against a stand-in model that picks tools by their descriptions. Compare by tool names exactly the two
 * worsened tools as regressed, and the gate on each tool's recall fails on them and on nothing else of that variant.
 */
describe('server variants in one run (child Vitest run, the description follower, the compare CLI)', { timeout: 180_000 }, () => {
  let model: ScriptedModelServer | undefined
  afterAll(() => model?.close())

  it('names the two tools whose descriptions were made worse, in compare and in the gate', async () => {
    model = await startScriptedModel({ script: descriptionFollower(TASKS.map((t) => ({ prompt: t.prompt, args: t.args }))) })
    const run = await runChildVitest({
      project: 'test/e2e/variants',
      env: { E2E_MODEL_URL: model.url, E2E_MODEL_KEY: 'sk-scripted-follower', NO_COLOR: '1' },
    })
    const board = run.leaderboard
    expect(board, run.output).toBeDefined()

    // A row per variant, paired task by task: the 25 tasks against each configuration.
    expect(board.agents.map((a) => [a.agent, a.variant]).sort()).toEqual([
      ['follower', undefined],
      ['follower@no-server', 'no-server'],
      ['follower@worse-descriptions', 'worse-descriptions'],
    ])
    for (const variant of [undefined, 'worse-descriptions', 'no-server'])
      expect(board.tasks.filter((t) => t.variant === variant)).toHaveLength(TASKS.length)
    // Without the server the follower is offered no tool and calls none; the harness asks no call of it (toolUse),
    // so what fails a task is the task's own checks, and what shows the server's worth is every tool's recall.
    const bare = board.tasks.filter((t) => t.variant === 'no-server')
    expect(bare.every((t) => t.metrics.toolCalls === 0 && !t.failures.some((f) => /own server/.test(f)))).toBe(true)
    expect(bare.every((t) => t.tools?.uses.every((u) => u.called === 0 && u.missed === u.referenced))).toBe(true)
    // Against the server's own descriptions the follower calls every planned tool.
    const base = board.tools!.rows.filter((r) => r.agent === 'follower' && r.tasksPlanned > 0)
    expect(base.map((r) => [r.tool, r.recall])).toEqual(
      expect.arrayContaining([
        ['get_file_info', 1],
        ['search_files', 1],
        ['directory_tree', 1],
        ['list_allowed_directories', 1],
      ]),
    )

    // The gate: each tool's recall may fall by 20 points at most; exactly the two made worse fell further.
    expect(run.code, run.output).toBe(1)
    expect(board.gate.passed).toBe(false)
    const worse = board.gate.failures.filter((f) => f.startsWith('follower@worse-descriptions '))
    expect(worse).toEqual([
      expect.stringMatching(
        /^follower@worse-descriptions against follower: tool filesystem\.get_file_info: recall went from 100\.0% to 0\.0%/,
      ),
      expect.stringMatching(
        /^follower@worse-descriptions against follower: tool filesystem\.search_files: recall went from 100\.0% to 0\.0%/,
      ),
    ])
    // With no server every planned tool is missed; the two with ten tasks each are the ones the gate can tell.
    expect(board.gate.failures.filter((f) => !worse.includes(f))).toEqual([
      expect.stringMatching(/^follower@no-server against follower: tool filesystem\.get_file_info: recall went from 100\.0% to 0\.0%/),
      expect.stringMatching(/^follower@no-server against follower: tool filesystem\.search_files: recall went from 100\.0% to 0\.0%/),
    ])
    const checked = board.gate
      .variants!.checks.filter((c) => c.agent === 'follower@worse-descriptions')
      .map((c) => [c.scope?.name, c.verdict])
    expect(checked).toEqual(
      expect.arrayContaining([
        ['filesystem.directory_tree', 'too-few'],
        ['filesystem.list_allowed_directories', 'too-few'],
      ]),
    )
    expect(checked.filter(([, verdict]) => verdict === 'regression').map(([name]) => name)).toEqual([
      'filesystem.get_file_info',
      'filesystem.search_files',
    ])
    expect(run.output).toContain('filesystem.search_files: recall went from 100.0% to 0.0%')

    // `mcp-bench compare --variant` on the same board: exactly those two tools regressed, the server with them.
    let out = ''
    const code = await main(['compare', join(run.out, 'leaderboard.json'), '--variant', 'worse-descriptions'], {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (out += t) },
    })
    expect(code, out).toBe(0)
    expect(out).toContain('**Tools regressed (2):** `filesystem.get_file_info`, `filesystem.search_files`')
    expect(out).toContain('**Tools improved (0):** none')
    expect(out).toMatch(/\| server `filesystem` \| 100\.0% → 20\.0% .*\| regressed \|/)
  })
})
