import { describe, expect, it } from 'vitest'
import { compareRuns, regression } from '../../src/compare/compare.ts'
import type { ComparableRecord, ComparableRun } from '../../src/compare/compare-input.ts'
import { variantRegression, variantRuns } from '../../src/compare/variants.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { renderComparisonMarkdown } from '../../reporters/compare-markdown.ts'
import type { TaskToolUse } from '../../src/contracts/tool-diagnostics.ts'
import { record } from '../support/trajectories.ts'

/** One tool's counts in one task, with everything compare does not read at 0. */
function use(tool: string, counts: Partial<TaskToolUse>): TaskToolUse {
  return {
    tool,
    referenced: 0,
    matched: 0,
    missed: 0,
    called: 0,
    calledOk: 0,
    schemaViolations: 0,
    executionErrors: 0,
    unneeded: 0,
    confusedFor: [],
    argMismatches: 0,
    argFields: [],
    messages: [],
    ...counts,
  }
}

const found = (tool: string) => use(tool, { referenced: 1, matched: 1, called: 1, calledOk: 1 })
const lost = (tool: string) => use(tool, { referenced: 1, missed: 1 })

const scores = {
  domains: { schemaUnderstanding: 1, taskCompletion: null, toolUsage: null, planningEffectiveness: null },
  overall: null,
  ruleScore: 1,
}

/** `n` tasks of agent A, each planning fs.read and fs.info; `infoLost` of them never call fs.info. */
function tasks(n: number, infoLost: number, extra: Partial<ComparableRecord> = {}): ComparableRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `t${String(i).padStart(2, '0')}`,
    agent: 'A',
    trial: 1,
    status: 'passed' as const,
    scores,
    tools: { planned: true, uses: [found('fs.read'), i < infoLost ? lost('fs.info') : found('fs.info')] },
    ...extra,
  }))
}

const run = (source: string, records: ComparableRecord[]): ComparableRun => ({ source, tasks: records })

describe('compare by tool', () => {
  it('names the tool whose recall fell as regressed, and the server with it; the tool that held is unchanged', () => {
    const comparison = compareRuns(run('base', tasks(12, 0)), run('head', tasks(12, 12)))
    const tools = comparison.agents[0]!.tools!
    expect(tools.map((t) => [t.scope, t.name, t.verdict])).toEqual([
      ['tool', 'fs.info', 'regressed'],
      ['tool', 'fs.read', 'unchanged'],
      ['server', 'fs', 'regressed'],
    ])
    const info = tools[0]!.metrics.recall
    expect(info).toMatchObject({ pairs: 12, leftOut: 0, base: 1, head: 0, difference: -1, verdict: 'measured' })
    // A task that never calls fs.info has no success rate for it; the tasks that call it in both runs are its pairs.
    expect(tools[0]!.metrics.successRate).toMatchObject({ pairs: 0, leftOut: 12 })
    expect(tools[2]!.metrics.recall).toMatchObject({ base: 1, head: 0.5 })
  })

  it('cannot tell with fewer than ten tasks using the tool, and leaves out tasks without per-tool counts', () => {
    const head = tasks(12, 5).map((r, i) => (i >= 5 && i < 9 ? { ...r, tools: null } : r))
    const info = compareRuns(run('base', tasks(12, 0)), run('head', head)).agents[0]!.tools!.find((t) => t.name === 'fs.info')!
    expect(info.metrics.recall).toMatchObject({ pairs: 8, leftOut: 4, verdict: 'too-few', interval: null })
    expect(info.verdict).toBe('too-few')
  })

  it('says so in Markdown: the regressed tools first, then a row per tool and server', () => {
    const markdown = renderComparisonMarkdown(compareRuns(run('base', tasks(12, 0)), run('head', tasks(12, 12))))
    expect(markdown).toContain('**Tools regressed (1):** `fs.info`')
    expect(markdown).toContain('**Tools improved (0):** none')
    expect(markdown).toMatch(/\| `fs\.info` \| 100\.0% → 0\.0% \(-100\.0 pts; -100\.0 to -100\.0\) \| – \| regressed \|/)
  })

  it("gates on a tool's and a server's metrics, naming the tool", () => {
    const result = regression(run('base', tasks(12, 0)), run('head', tasks(12, 12)), {
      maxDropPerTool: { recall: 0.2 },
      maxDropPerServer: { recall: 0.6 },
    })
    expect(result.passed).toBe(false)
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toMatch(/^A: tool fs\.info: recall went from 100\.0% to 0\.0% .* more than the 20\.0 points allowed/)
    expect(result.checks.map((c) => [c.scope?.name, c.verdict])).toEqual([
      ['fs.info', 'regression'],
      ['fs.read', 'within'],
      ['fs', 'within'],
    ])
    // A drop within what is allowed passes.
    expect(regression(run('base', tasks(12, 0)), run('head', tasks(12, 1)), { maxDropPerTool: { recall: 0.2 } }).passed).toBe(true)
  })
})

describe('server variants in one run', () => {
  const records = [...tasks(12, 0), ...tasks(12, 12, { agent: 'A@worse', variant: 'worse' })]

  it("pair each variant row with its agent's row on the servers as configured", () => {
    const { base, head } = variantRuns(run('lb.json', records), 'worse')
    expect(base.tasks.every((r) => r.agent === 'A' && r.variant === undefined)).toBe(true)
    expect(head.tasks.every((r) => r.agent === 'A' && r.variant === 'worse')).toBe(true)
    expect(
      compareRuns(base, head)
        .agents[0]!.tools!.filter((t) => t.verdict === 'regressed')
        .map((t) => t.name),
    ).toEqual(['fs.info', 'fs'])
    expect(() => variantRuns(run('lb.json', records), 'better')).toThrow(
      /lb\.json: no task ran against variant "better" \(variants: worse\)/,
    )
  })

  it("fail the gate on the variant's regressed tool, naming the variant row", () => {
    const result = variantRegression(records, { maxDropPerTool: { recall: 0.2 } })
    expect(result.passed).toBe(false)
    expect(result.failures).toEqual([expect.stringMatching(/^A@worse against A: tool fs\.info: recall went from 100\.0% to 0\.0%/)])
  })

  it("reach the leaderboard's gate: its verdict, and the checks under gate.variants", () => {
    const planned = (i: number, lostInfo: boolean, variant?: string) => ({
      ...record({ taskId: `t${String(i).padStart(2, '0')}`, agent: variant ? `A@${variant}` : 'A', ...(variant ? { variant } : {}) }),
      tools: {
        offered: ['fs.info', 'fs.read'],
        planned: true,
        uses: [found('fs.read'), lostInfo ? lost('fs.info') : found('fs.info')],
        unknownCalls: 0,
      },
    })
    const all = [
      ...Array.from({ length: 12 }, (_, i) => planned(i, false)),
      ...Array.from({ length: 12 }, (_, i) => planned(i, true, 'worse')),
    ]
    const board = buildLeaderboard({
      records: all,
      fileErrors: [],
      interrupted: false,
      unfinished: [],
      gate: { maxDropPerTool: { recall: 0.2 } },
      gateDeferred: null,
    })
    expect(board.gate.passed).toBe(false)
    expect(board.gate.failures).toEqual([expect.stringMatching(/^A@worse against A: tool fs\.info: recall/)])
    expect(board.gate.variants!.checks.map((c) => [c.agent, c.scope?.name, c.verdict])).toEqual([
      ['A@worse', 'fs.info', 'regression'],
      ['A@worse', 'fs.read', 'within'],
    ])
    expect(board.agents.map((a) => [a.agent, a.variant])).toEqual(
      expect.arrayContaining([
        ['A', undefined],
        ['A@worse', 'worse'],
      ]),
    )
    const plain = buildLeaderboard({ records: all, fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })
    expect(plain.gate).not.toHaveProperty('variants')
  })
})
