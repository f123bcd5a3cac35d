import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

// The e2e project's global setup: a directory of this test session's own, where a child run that two test files
// compare with is made once and read by both (test/support/shared-run.ts). A new one each session, so a run is
// never read from an earlier session, whatever changed since.
export default function setup(project: TestProject): void {
  project.provide('sharedRunsDir', mkdtempSync(join(tmpdir(), 'mcp-bench-e2e-shared-')))
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedRunsDir: string
  }
}
