import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
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

  it("never rewrites a run's file, and leaves no temporary file behind", () => {
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

  it('skips a symbolic link without disclosing what it points to, and a directory named .json, reading the rest', () => {
    const d = dir()
    writeHistoryRecord(d, historyEntry({ runId: 'good' }))
    const outside = mkdtempSync(join(tmpdir(), 'mcp-bench-outside-'))
    writeFileSync(join(outside, 'shadow'), 'root:$y$j9T$SECRETHASH:19000:0:99999:7:::\n')
    writeFileSync(join(outside, 'record.json'), JSON.stringify(historyEntry({ runId: 'planted' })))
    symlinkSync(join(outside, 'shadow'), join(d, 'link.json'))
    symlinkSync(join(outside, 'record.json'), join(d, 'planted.json'))
    mkdirSync(join(d, 'dir.json'))
    // Before: the directory threw EISDIR and the whole history was lost; the link's parse error quoted the file.
    const history = readHistory(d)
    expect(history.records.map((r) => r.runId)).toEqual(['good'])
    expect(history.problems).toEqual([
      {
        file: join(d, 'dir.json'),
        message: 'a directory, not a file: skipped (history entries are read only as regular files, never followed)',
      },
      {
        file: join(d, 'link.json'),
        message: 'a symbolic link, not a file: skipped (history entries are read only as regular files, never followed)',
      },
      {
        file: join(d, 'planted.json'),
        message: 'a symbolic link, not a file: skipped (history entries are read only as regular files, never followed)',
      },
    ])
    expect(JSON.stringify(history)).not.toMatch(/root|SECRET/)
  })

  it('does not quote a file that is not JSON: the reason goes into the reports', () => {
    const d = dir()
    writeHistoryRecord(d, historyEntry({ runId: 'good' }))
    writeFileSync(join(d, 'copied.json'), 'password=hunter2hunter2 and more')
    expect(readHistory(d).problems).toEqual([{ file: join(d, 'copied.json'), message: 'not JSON' }])
  })

  it('reads a missing directory as an empty history', () => {
    expect(readHistory(dir())).toEqual({ records: [], problems: [] })
  })
})
