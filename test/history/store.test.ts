import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HistoryRecordSchema, type HistoryRecord } from '../../src/contracts/history.ts'
import { readHistory, writeHistoryRecord } from '../../src/node/history/store.ts'
import { historyEntry } from '../support/history.ts'

const dir = () => join(mkdtempSync(join(tmpdir(), 'mcp-bench-history-')), 'history')

describe('the history directory', () => {
  it('adds one file per run, named by its run id, and reads them back oldest first', () => {
    const d = dir()
    const later = historyEntry({ runId: 'r-later', generatedAt: '2025-02-01T00:00:00.000Z' })
    const earlier = historyEntry({ runId: 'r-earlier', generatedAt: '2025-01-01T00:00:00.000Z' })
    expect(writeHistoryRecord(d, later)).toBe(join(d, 'r-later.json'))
    writeHistoryRecord(d, earlier)
    expect(readdirSync(d).sort()).toEqual(['r-earlier.json', 'r-later.json'])
    expect(HistoryRecordSchema.parse(JSON.parse(readFileSync(join(d, 'r-later.json'), 'utf8')))).toEqual(later)
    expect(readHistory(d)).toEqual({ records: [earlier, later], problems: [] })
  })

  it('never rewrites a run\'s file, and leaves no temporary file behind', () => {
    const d = dir()
    writeHistoryRecord(d, historyEntry({ runId: 'same' }))
    expect(() => writeHistoryRecord(d, historyEntry({ runId: 'same', tasks: 99 }))).toThrow(/EEXIST/)
    expect(readHistory(d).records.map((r) => r.tasks)).toEqual([historyEntry().tasks])
    expect(readdirSync(d)).toEqual(['same.json'])
  })

  it('lists files that are not records, naming the file and the field, and reads the rest', () => {
    const d = dir()
    writeHistoryRecord(d, historyEntry({ runId: 'good' }))
    writeFileSync(join(d, 'broken.json'), '{"schemaVersion":1,')
    const wrong = historyEntry({ runId: 'wrong' }) as unknown as { agents: Array<{ passRate: unknown }> }
    wrong.agents[0]!.passRate = 'high'
    writeFileSync(join(d, 'wrong.json'), JSON.stringify(wrong))
    writeFileSync(join(d, 'notes.txt'), 'not a record and not .json: ignored')
    const history = readHistory(d)
    expect(history.records.map((r: HistoryRecord) => r.runId)).toEqual(['good'])
    expect(history.problems).toEqual([
      { file: join(d, 'broken.json'), message: expect.stringMatching(/^not JSON/) },
      { file: join(d, 'wrong.json'), message: expect.stringMatching(/^agents\[0\]\.passRate: /) },
    ])
  })

  it('reads a missing directory as an empty history', () => {
    expect(readHistory(dir())).toEqual({ records: [], problems: [] })
  })
})
