import { dependencyLayers } from '../../scoring/reference-layers.ts'
import type { ReferenceCall } from '../../contracts/task-spec.ts'

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
