import { describe, expect, it } from 'vitest'
import { MCP_BENCH_CATEGORIES, MCP_BENCH_DIMENSIONS } from '../../src/contracts/rubric.ts'
import { MCP_BENCH_RUBRIC } from '../../src/runtime/judge/rubric.ts'
import { judgeCategories } from '../../src/scoring/formulas.ts'

describe('the category ↔ dimension table', () => {
  it('is the one in src/contracts/rubric.ts: the built-in rubric asks for exactly its categories and dimensions, in its order', () => {
    const asked = Object.fromEntries(MCP_BENCH_RUBRIC.categories.map((c) => [c.id, c.dimensions.map((d) => d.id)]))
    expect(asked).toEqual(MCP_BENCH_CATEGORIES)
    expect(Object.values(asked).flat()).toEqual([...MCP_BENCH_DIMENSIONS])
  })

  it('is what the category formula reads: each category is the mean of its own two dimensions', () => {
    const d = {
      taskFulfillment: 10,
      informationGrounding: 8,
      toolAppropriateness: 6,
      parameterAccuracy: 4,
      dependencyAwareness: 2,
      parallelismEfficiency: 1,
    }
    expect(judgeCategories(d)).toEqual({ taskCompletion: 0.9, toolUsage: 0.5, planningEffectiveness: 0.15 })
  })
})
