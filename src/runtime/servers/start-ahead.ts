import { readFileSync } from 'node:fs'
import { inject, TestRunner } from 'vitest'
import { planKey, SERVER_PLAN_KEY, ServerPlanSchema } from '../../contracts/server-plan.ts'
import { getRuntime } from '../state.ts'

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the run's server plan is (src/node/server-plan-file.ts); empty: no plan for this run. */
    mcpBenchServerPlan: string | undefined
  }
}

/**
 * Starts the shared servers the run's server plan names for the file this worker is about to import, ahead of its
 * tasks (ServerHub.startAhead). Called from the first setup file, which Vitest runs for each test file just before
 * it imports the file: the servers' start-up then runs while the worker imports and collects the file. Without a
 * plan, or without the file in it (the plan came too late, the count could not import the file), it starts
 * nothing, and the file's first tasks start their servers as they always do.
 */
export function startPlannedServers(): void {
  const runtime = getRuntime()
  const path = planPath()
  if (!runtime || !path) return
  const file = TestRunner.getCurrentSuite().file
  if (!file) return
  const servers = readPlan(path)?.[planKey(file.projectName ?? '', file.filepath)]
  if (servers?.length) runtime.hubFor(null).startAhead(servers)
}

function planPath(): string | undefined {
  try {
    return inject(SERVER_PLAN_KEY)
  } catch {
    // Outside a Vitest worker: no plan.
    return undefined
  }
}

function readPlan(path: string) {
  try {
    const parsed = ServerPlanSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    // Not written yet, or gone: nothing starts early.
    return undefined
  }
}
