import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

// The e2e project's global setup: a directory of this test session's own, where a child run that two test files
// compare with is made once and read by both (test/support/shared-run.ts). A new one each session, so a run is
// never read from an earlier session, whatever changed since; removed when the session ends (its child runs'
// reports and blobs would otherwise stay in the temp directory after every session).
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-shared-'))
  project.provide('sharedRunsDir', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedRunsDir: string
  }
}
