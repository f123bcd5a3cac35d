import { linkSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { integrityProblem, TaskFileSnapshot } from '../../src/node/task-file-integrity.ts'

describe('task file integrity', () => {
  it('names the task files that changed during the run, and those with a second name, relative to the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-bench-integrity-'))
    const [kept, changed, linked] = ['kept.test.ts', 'changed.test.ts', 'linked.test.ts'].map((f) => join(root, f)) as [
      string,
      string,
      string,
    ]
    for (const file of [kept, changed, linked]) writeFileSync(file, `mcpTask('${file}', {})`)
    const snapshot = new TaskFileSnapshot(root)
    snapshot.take([kept, changed, linked])
    expect(snapshot.check()).toEqual({ taskFiles: 3, changed: [], hardLinked: [] })
    writeFileSync(changed, "mcpTask('changed', { reference: { facts: [] } })")
    linkSync(linked, join(root, 'agent-data.txt'))
    const integrity = snapshot.check()
    expect(integrity).toEqual({ taskFiles: 3, changed: ['changed.test.ts'], hardLinked: ['linked.test.ts'] })
    expect(integrityProblem(integrity)).toBe(
      'task files changed during the run: changed.test.ts; task files with a second name (a hard link) that agent code may read: linked.test.ts',
    )
    expect(integrityProblem({ taskFiles: 3, changed: [], hardLinked: [] })).toBeNull()
  })
})
