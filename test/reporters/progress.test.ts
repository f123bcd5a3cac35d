import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DefaultReporter } from 'vitest/node'
import { taskLine, windowLines } from '../../reporters/progress.ts'
import { joinVitestWindow } from '../../reporters/vitest-window.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import { progress, progressRecord, ProgressTally } from '../../src/scoring/progress.ts'
import { agentRows } from '../../src/scoring/rows.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { call, outcome, trajectory } from '../support/trajectories.ts'

const usage = { promptTokens: 1_000, completionTokens: 200, totalTokens: 1_200 }
/** A finished task of `agent` whose one gpt-4o-mini turn cost $0.00027 (or, with `model`, an unpriced one). */
function finished(id: string, agent: string, state: 'passed' | 'failed', model = 'gpt-4o-mini') {
  const turn = { round: 1, content: null, toolCalls: [], usage, finishReason: 'stop', durationMs: 50, startedAt: 0, model }
  return taskRecord(outcome({ taskId: id, agent, trajectory: trajectory([call()], { turns: [turn], usage, durationMs: 400 }) }), { state, errors: [], durationMs: 400 }, priceTable())
}

describe('run progress (src/scoring/progress.ts)', () => {
  const records = [finished('a', 'gpt', 'passed'), finished('b', 'gpt', 'failed'), finished('c', 'ref', 'passed')]

  it('counts tasks done of those collected, per agent, with the leaderboard\'s pass rate, tokens and cost', () => {
    const p = progress({ records, collected: new Map([['gpt', 10], ['ref', 10]]), files: { total: 2, collected: 2 }, elapsedMs: 30_000 })
    expect(p).toMatchObject({ done: 3, total: 20, estimated: false, tokens: 3 * 1_200 })
    expect(p.agents.map((a) => [a.agent, a.done, a.collected, a.passed])).toEqual([['gpt', 2, 10, 1], ['ref', 1, 10, 1]])
    // The same formula as the agent row: what the display shows at the end is what the leaderboard says.
    expect(p.agents[0]!.passRate).toBe(agentRows(records.slice(0, 2))[0]!.passRate)
    expect(p.costUsd).toBeCloseTo(3 * 0.00027, 12)
    // 17 left at 3 per 30 s: 170 s.
    expect(p.etaMs).toBeCloseTo(170_000, 6)
  })

  it('counts a task done as soon as it finished, before its record is made; the figures are the records\' so far', () => {
    // 4 of gpt's tasks have finished, 2 of them scored; ref's one task has finished, not scored yet.
    const p = progress({ records: records.slice(0, 2), collected: new Map([['gpt', 10], ['ref', 10]]), files: { total: 2, collected: 2 }, elapsedMs: 10_000, finished: new Map([['gpt', 4], ['ref', 1]]) })
    expect(p.done).toBe(5)
    expect(p.agents.map((a) => [a.agent, a.done, a.passed, a.tokens])).toEqual([['gpt', 4, 1, 2 * 1_200], ['ref', 1, 0, 0]])
    expect(p.passRate).toBe(0.5)
    // 15 left at 5 per 10 s.
    expect(p.etaMs).toBeCloseTo(30_000, 6)
  })

  it('reads the same figures from the part of each record the referee sends the main process as from the records', () => {
    const input = { collected: new Map([['gpt', 10], ['ref', 10]]), files: { total: 2, collected: 2 }, elapsedMs: 30_000 }
    const slim = records.map(progressRecord)
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(records).length / 3)
    expect(progress({ records: JSON.parse(JSON.stringify(slim)), ...input })).toEqual(progress({ records, ...input }))
  })

  it('estimates the tasks of files not collected yet from the ones that are', () => {
    // 2 of 5 files collected, holding 8 tasks: 3 more files at 4 each.
    const p = progress({ records: records.slice(0, 1), collected: new Map([['gpt', 8]]), files: { total: 5, collected: 2 }, elapsedMs: 1_000 })
    expect(p).toMatchObject({ total: 20, estimated: true, etaMs: 19_000 })
  })

  it('has no ETA before the first task ends, and a null cost once a task\'s cost is unknown', () => {
    expect(progress({ records: [], collected: new Map([['gpt', 4]]), files: { total: 1, collected: 1 }, elapsedMs: 5_000 })).toMatchObject({ done: 0, etaMs: null, passRate: null, costUsd: 0 })
    const p = progress({ records: [...records, finished('d', 'gpt', 'passed', 'qwen3:8b')], collected: new Map(), files: { total: 1, collected: 1 }, elapsedMs: 1 })
    expect(p.costUsd).toBeNull()
    expect(p.agents.find((a) => a.agent === 'gpt')!.costUsd).toBeNull()
    expect(p.agents.find((a) => a.agent === 'ref')!.costUsd).toBeCloseTo(0.00027, 12)
  })

  it('is the same fed one task at a time (the live display) as counted from all the records', () => {
    const all = [...records, finished('d', 'gpt', 'passed', 'qwen3:8b'), finished('e', 'ref', 'failed')]
    const rest = { collected: new Map([['ref', 5], ['gpt', 5]]), files: { total: 3, collected: 2 }, elapsedMs: 12_345 }
    const tally = new ProgressTally()
    all.forEach((r, i) => {
      tally.add(r)
      expect(tally.progress(rest)).toEqual(progress({ records: all.slice(0, i + 1), ...rest }))
    })
    expect(tally.progress(rest)).toMatchObject({ done: 5, costUsd: null })
  })
})

describe('progress text', () => {
  const records = [finished('math/add', 'gpt', 'passed'), finished('math/mul', 'gpt', 'failed')]
  const p = progress({ records, collected: new Map([['gpt', 4]]), files: { total: 1, collected: 1 }, elapsedMs: 2_000 })

  it('is one compact line per finished task off a terminal: the task, its cost, the agent\'s tally and the ETA', () => {
    expect(taskLine(records[1]!, p)).toBe('mcp-bench 2/4 failed math/mul [gpt] 400ms 1,200 tok $0.00027 · gpt 2/4 pass 50.0% · run 2,400 tok $0.00054 · ETA 2.0s')
  })

  it('reaches the terminal with no escape sequence or control character from a task id or an agent name', () => {
    const evil = [finished('math/\u001b]0;owned\u0007\u001b[2Jwipe\u0000', 'g\u001b[31mpt', 'passed')]
    const q = progress({ records: evil, collected: new Map([['g\u001b[31mpt', 1]]), files: { total: 1, collected: 1 }, elapsedMs: 1_000 })
    const text = [taskLine(evil[0]!, q), ...windowLines(q)].join('\n')
    expect(text).toContain('math/wipe [gpt]')
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })

  it('is a block of one line per agent on a terminal', () => {
    expect(windowLines(p)).toEqual([
      ' MCP bench  2/4 tasks  pass 50.0%  2,400 tokens  $0.00054  ETA 2.0s',
      '   gpt        2/4  pass  50.0%      2,400 tok   $0.00054',
      '',
    ])
  })
})

describe('joining Vitest\'s status window (its real DefaultReporter)', () => {
  it('appends our lines below the default reporter\'s own on a terminal', () => {
    const reporter = new DefaultReporter({ isTTY: true })
    let lines = ['first']
    const window = joinVitestWindow([{}, reporter], () => lines)
    expect(window).not.toBeNull()
    const summary = (reporter as unknown as { summary: { createSummary(): string[] } }).summary
    const drawn = summary.createSummary().map((l) => stripVTControlCharacters(l))
    expect(drawn.slice(0, 3)).toEqual(['', ' Test Files 0 passed (0)', '      Tests 0 passed (0)'])
    expect(drawn.at(-1)).toBe('first')
    // Joining again (a watch-mode rerun) replaces our lines rather than adding a second copy.
    lines = ['second']
    joinVitestWindow([reporter], () => lines)
    const again = summary.createSummary()
    expect(again.filter((l) => l === 'first' || l === 'second')).toEqual(['second'])
    // Before Vitest has started its renderer there is nothing to redraw, and asking is harmless.
    expect(() => window!.redraw()).not.toThrow()
  })

  it('finds no window off a terminal, so the caller logs lines instead', () => {
    expect(joinVitestWindow([new DefaultReporter({ isTTY: false })], () => ['x'])).toBeNull()
    expect(joinVitestWindow([], () => ['x'])).toBeNull()
  })
})
