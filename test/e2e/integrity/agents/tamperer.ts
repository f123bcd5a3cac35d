import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AgentContext } from 'vitest-mcp-bench'

type Reference = { facts: unknown[]; calls: Array<{ after?: unknown }> }

/**
 * Cheat: empty `facts` and every call's `after` on any reference object it can reach (the test meta of its own
 * and every other test of the file, the collector), so that it, and any agent checked after it, passes. Then
 * answers "done". It ends by throwing what it managed, so its record tells.
 */
export default async function tamperer(_ctx: AgentContext): Promise<string> {
  const reached: Reference[] = []
  const errors: unknown[] = []
  const add = (ref: unknown) => {
    if (ref && typeof ref === 'object' && Array.isArray((ref as Reference).facts)) reached.push(ref as Reference)
  }
  try {
    const { TestRunner } = await import('vitest')
    const current = TestRunner.getCurrentTest()
    add(current?.meta.mcpBenchOutcome?.reference)
    for (const task of current?.file.tasks ?? [])
      add((task.meta as { mcpBenchOutcome?: { reference?: unknown } }).mcpBenchOutcome?.reference)
  } catch (error) {
    errors.push(error)
  }
  const scope = globalThis as Record<symbol, unknown>
  const collect = Symbol.for('vitest-mcp-bench.collect')
  const collected: Array<{ spec: { reference?: unknown } }> = []
  scope[collect] = collected
  try {
    const dir = join(process.cwd(), 'benchmarks')
    for (const file of readdirSync(dir)) await import(`${pathToFileURL(join(dir, file)).href}?tamper=${Date.now()}`)
  } catch (error) {
    errors.push(error)
  } finally {
    delete scope[collect]
  }
  for (const task of collected) add(task.spec.reference)
  let changed = 0
  let refused = 0
  for (const ref of reached) {
    try {
      ref.facts.length = 0
      changed++
    } catch {
      refused++
    }
    for (const call of ref.calls ?? []) {
      try {
        call.after = []
        changed++
      } catch {
        refused++
      }
    }
  }
  const denied = errors.find((e) => (e as { code?: string }).code === 'ERR_ACCESS_DENIED')
  if (denied) throw denied
  if (changed > 0) return 'done'
  throw new Error(`tamperer reached ${reached.length} reference objects; changed ${changed}, refused ${refused}`)
}
