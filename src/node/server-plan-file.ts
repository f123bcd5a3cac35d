import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { planKey, type ServerPlan } from '../contracts/server-plan.ts'
import { writeFileAtomic } from '../lib/atomic-file.ts'

/**
 * The run's server plan as a file (src/contracts/server-plan.ts), in a directory of its own under the system temp
 * directory, removed with the Vitest that made it. The pre-count adds each file as it counts it, and the plan is
 * written whole again, by rename, so a worker reading it meanwhile finds the last plan or the one before, never half.
 *
 * Why a file: the workers are already starting while the count runs (Vitest does not wait for it), and what
 * Vitest's `provide` gives a worker is fixed when it starts. A plan written too late for a file starts nothing
 * early, and its tasks start their servers as they would have anyway.
 */
export class ServerPlanFile {
  readonly path: string
  private readonly dir: string
  private readonly plan: ServerPlan = {}

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'mcpb-plan-'))
    this.path = join(this.dir, 'plan.json')
  }

  /** `file`'s tasks name `servers` (a file naming none is left out: nothing to start for it). */
  add(project: string, file: string, servers: readonly string[]): void {
    if (!servers.length) return
    this.plan[planKey(project, file)] = [...servers]
    try {
      writeFileAtomic(this.path, JSON.stringify(this.plan))
    } catch {
      // A plan that cannot be written starts nothing early; the run is the same without it.
    }
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true })
  }
}
