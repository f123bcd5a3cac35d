import type { JudgeResult, RubricJudgeResult } from '../../src/contracts/judge-result.ts'
import { MCP_BENCH_CATEGORIES } from '../../src/contracts/rubric.ts'

const common = {
  model: 'judge',
  cached: false,
  cacheHits: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  durationMs: 0,
}

/** The MCP-Bench rubric's category → dimension table as a judge result records it. */
export const MCP_BENCH_TABLE: Record<string, string[]> = Object.fromEntries(
  Object.entries(MCP_BENCH_CATEGORIES).map(([c, ids]) => [c, [...ids]]),
)

/** An MCP-Bench rubric result whose one sample scored the six sub-dimensions (1–10) in the rubric's order. */
export function rubric([tf, ig, ta, pa, da, pe]: number[]): RubricJudgeResult {
  return {
    kind: 'rubric',
    rubric: 'mcp-bench',
    scale: { min: 1, max: 10 },
    categoryDimensions: MCP_BENCH_TABLE,
    sampleAveraging: 'whole-sample',
    samples: {
      requested: 1,
      valid: 1,
      failed: 0,
      failures: [],
      scores: [
        {
          taskFulfillment: tf!,
          informationGrounding: ig!,
          toolAppropriateness: ta!,
          parameterAccuracy: pa!,
          dependencyAwareness: da!,
          parallelismEfficiency: pe!,
        },
      ],
    },
    reasoning: {},
    ...common,
  }
}

export function passFail(pass: boolean): JudgeResult {
  return {
    kind: 'pass-fail',
    pass,
    reason: '',
    votes: { pass: pass ? 1 : 0, fail: pass ? 0 : 1 },
    samples: { requested: 1, valid: 1, failed: 0, failures: [] },
    ...common,
  }
}

export function judgeError(reason: string): JudgeResult {
  return {
    kind: 'error',
    rubric: 'mcp-bench',
    reason,
    samples: { requested: 5, valid: 0, failed: 5, failures: [] },
    dimensions: {},
    categories: {},
    ...common,
  }
}
