import { TOOL_METRICS, type MetricComparison, type ToolComparison, type ToolMetric } from '../contracts/compare.ts'
import type { ComparableRecord, ComparableTools } from './compare-input.ts'
import { compareScores, type ComparisonSettings } from './metric.ts'
import type { Pair } from './pairing.ts'

/**
 * `mcp-bench compare` by tool: for one agent's paired task runs, each tool's and each server's change, through
 * the same paired statistics as the row's scores (metric.ts). The values are the task records' per-tool counts
 * (src/scoring/tool-diagnostics.ts derives them); this module only divides one task's counts into the share
 * that pairs: a task is a pair's unit here as everywhere else in compare.
 */

type Counts = Pick<ComparableTools['uses'][number], 'referenced' | 'matched' | 'called' | 'calledOk'>

/** The task's value of a metric from its counts of one tool (or one server's tools summed); null: none in this task. */
function valueOf(counts: Counts | undefined, metric: ToolMetric): number | null {
  if (!counts) return null
  if (metric === 'recall') return counts.referenced > 0 ? counts.matched / counts.referenced : null
  return counts.called > 0 ? counts.calledOk / counts.called : null
}

/** A server's name from `server.tool`: server names hold no dot (src/contracts/server-config.ts). */
const serverOf = (tool: string) => tool.slice(0, tool.indexOf('.'))

/** One task's counts by tool and by server; an empty map when the task left no per-tool counts. */
function countsOf(tools: ComparableTools | null | undefined): { tool: Map<string, Counts>; server: Map<string, Counts> } {
  const tool = new Map<string, Counts>()
  const server = new Map<string, Counts>()
  for (const use of tools?.uses ?? []) {
    tool.set(use.tool, use)
    const name = serverOf(use.tool)
    const sum = server.get(name) ?? { referenced: 0, matched: 0, called: 0, calledOk: 0 }
    server.set(name, {
      referenced: sum.referenced + use.referenced,
      matched: sum.matched + use.matched,
      called: sum.called + use.called,
      calledOk: sum.calledOk + use.calledOk,
    })
  }
  return { tool, server }
}

function verdictOf(metrics: Record<ToolMetric, MetricComparison>): ToolComparison['verdict'] {
  const measured = TOOL_METRICS.map((m) => metrics[m]).filter((m) => m.verdict === 'measured' && m.interval !== null)
  if (measured.length === 0) return 'too-few'
  if (measured.some((m) => m.interval![1] < 0)) return 'regressed'
  if (measured.some((m) => m.interval![0] > 0)) return 'improved'
  return 'unchanged'
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Every tool and server that either side of the pairs counts, compared. Each (agent, tool, metric) draws its own
 * bootstrap stream from the seed, so a tool added to the run changes no other tool's numbers.
 */
export function compareTools(agent: string, pairs: ReadonlyArray<Pair<ComparableRecord>>, settings: ComparisonSettings): ToolComparison[] {
  const counted = pairs.map((p) => ({ base: countsOf(p.base.tools), head: countsOf(p.head.tools) }))
  const out: ToolComparison[] = []
  for (const scope of ['tool', 'server'] as const) {
    const names = new Set(counted.flatMap((c) => [...c.base[scope].keys(), ...c.head[scope].keys()]))
    for (const name of [...names].sort(byName)) {
      const metrics = Object.fromEntries(
        TOOL_METRICS.map((metric) => {
          const values = counted.map((c) => ({
            base: valueOf(c.base[scope].get(name), metric),
            head: valueOf(c.head[scope].get(name), metric),
          }))
          // Tasks where neither side has a value are not about this tool at all: not "left out", just not its tasks.
          const mine = values.filter((v) => v.base !== null || v.head !== null)
          return [metric, compareScores(mine, { ...settings, seed: `${settings.seed}|${agent}|${scope}:${name}|${metric}` })]
        }),
      ) as Record<ToolMetric, MetricComparison>
      out.push({ scope, name, metrics, verdict: verdictOf(metrics) })
    }
  }
  return out
}
