import type { TestContext } from 'vitest'
import type { RuleMetrics } from '../checks/rule-metrics.ts'
import type { JudgeResult } from '../judge/schema.ts'

/** Judge results as test annotations (JUnit properties). */
export async function annotateJudge(context: TestContext, result: JudgeResult): Promise<void> {
  if (result.kind === 'rubric') {
    for (const [key, value] of Object.entries(result.categories)) {
      await context.annotate(value === null ? 'null' : String(Math.round(value * 10_000) / 10_000), `mcp-bench.judge.${key}`)
    }
  } else if (result.kind === 'pass-fail') {
    await context.annotate(result.pass ? 'pass' : 'fail', 'mcp-bench.judge.verdict')
  } else {
    await context.annotate(result.kind === 'error' ? `error: ${result.reason}` : 'not judged', 'mcp-bench.judge')
  }
}

/** Metrics as test annotations: Vitest's JUnit reporter writes them as <property> elements. */
export async function annotateMetrics(context: TestContext, metrics: RuleMetrics): Promise<void> {
  for (const [key, value] of Object.entries(metrics)) {
    await context.annotate(value === null ? 'null' : String(Math.round(value * 10_000) / 10_000), `mcp-bench.${key}`)
  }
}
