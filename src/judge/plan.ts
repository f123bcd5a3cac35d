import type { ReferenceCall } from '../task/spec.ts'

export interface DependencyLayers {
  /** Layer k holds the calls whose dependencies all sit in layers before k. */
  layers: ReferenceCall[][]
  /** Calls caught in a dependency cycle (never placed in a layer). */
  cyclic: ReferenceCall[]
  /** `after` ids that name no call in the plan, as `callId -> missingId`. */
  unknown: Array<{ call: string; missing: string }>
}

/**
 * Groups a reference plan into dependency layers (a topological layering):
 * calls with no `after` form layer 1; a call goes one layer after the latest
 * of its dependencies. References to unknown ids are reported and ignored.
 */
export function dependencyLayers(calls: readonly ReferenceCall[]): DependencyLayers {
  const byId = new Map(calls.map((c) => [c.id, c]))
  const unknown: DependencyLayers['unknown'] = []
  const deps = new Map<string, string[]>()
  for (const call of calls) {
    const known: string[] = []
    for (const dep of call.after ?? []) {
      if (byId.has(dep)) known.push(dep)
      else unknown.push({ call: call.id, missing: dep })
    }
    deps.set(call.id, known)
  }
  const level = new Map<string, number>()
  let progress = true
  while (progress) {
    progress = false
    for (const call of calls) {
      if (level.has(call.id)) continue
      const ds = deps.get(call.id) ?? []
      if (ds.every((d) => level.has(d))) {
        level.set(call.id, ds.length === 0 ? 0 : Math.max(...ds.map((d) => level.get(d)!)) + 1)
        progress = true
      }
    }
  }
  const layers: ReferenceCall[][] = []
  for (const call of calls) {
    const l = level.get(call.id)
    if (l === undefined) continue
    ;(layers[l] ??= []).push(call)
  }
  return { layers: layers.filter((l) => l !== undefined), cyclic: calls.filter((c) => !level.has(c.id)), unknown }
}

/** The reference plan as text for the judge: one line per call, grouped by layer. */
export function describeDependencyLayers(calls: readonly ReferenceCall[]): string {
  if (calls.length === 0) return 'No reference plan was given for this task.'
  const { layers, cyclic, unknown } = dependencyLayers(calls)
  const edges = calls.reduce((n, c) => n + (c.after?.length ?? 0), 0)
  const lines = [
    `${calls.length} reference call${calls.length === 1 ? '' : 's'} in ${layers.length} dependency layer${layers.length === 1 ? '' : 's'}, with ${edges} dependenc${edges === 1 ? 'y' : 'ies'}.`,
    'Calls in the same layer are independent of each other and could run in the same round; a call needs the results of the calls listed after "needs".',
  ]
  layers.forEach((layer, i) => {
    lines.push(`Layer ${i + 1}${layer.length > 1 ? ' (independent, parallelisable)' : ''}:`)
    for (const call of layer) lines.push(`  - ${formatCall(call)}`)
  })
  if (cyclic.length > 0) {
    lines.push('Calls in a dependency cycle (the plan is inconsistent here):')
    for (const call of cyclic) lines.push(`  - ${formatCall(call)}`)
  }
  for (const u of unknown) lines.push(`Note: call ${u.call} lists "${u.missing}" as a dependency, which is not in the plan.`)
  return lines.join('\n')
}

function formatCall(call: ReferenceCall): string {
  const args = call.args && Object.keys(call.args).length > 0 ? ` ${JSON.stringify(call.args)}` : ''
  const after = call.after && call.after.length > 0 ? ` — needs ${call.after.join(', ')}` : ''
  return `[${call.id}] ${call.tool}${args}${after}`
}
