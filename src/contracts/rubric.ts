import * as z from 'zod'

/**
 * The shape of a judge rubric (the MCP-Bench rubric is one instance) and MCP-Bench's six dimensions in their
 * three categories: the one category ↔ dimension table every stage reads.
 */

const Id = z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'expected a camelCase identifier, e.g. "taskFulfillment"')

const RubricBandSchema = z.strictObject({
  min: z.number(),
  max: z.number(),
  text: z.string().min(1),
})
export type RubricBand = z.infer<typeof RubricBandSchema>

const RubricDimensionSchema = z.strictObject({
  /** Key in the result (`dimensions[id]`); the judge answers with its snake_case form. */
  id: Id,
  title: z.string().min(1),
  /** What the dimension asks, in a sentence. */
  question: z.string().min(1),
  bands: z.array(RubricBandSchema).min(1),
  /** Other keys a judge may plausibly answer with (snake_case), accepted when parsing. */
  aliases: z.array(z.string()).default([]),
})

const RubricCategorySchema = z.strictObject({
  id: Id,
  title: z.string().min(1),
  dimensions: z.array(RubricDimensionSchema).min(1),
})

export const RubricSchema = z
  .strictObject({
    name: z.string().min(1),
    scale: z.strictObject({ min: z.number(), max: z.number() }).default({ min: 1, max: 10 }),
    categories: z.array(RubricCategorySchema).min(1),
    /** Extra scoring guidance lines, shown after the rubric. */
    guidance: z.array(z.string()).default([]),
  })
  .superRefine((rubric, ctx) => {
    if (rubric.scale.max <= rubric.scale.min)
      ctx.addIssue({ code: 'custom', message: 'scale.max must be above scale.min', path: ['scale'] })
    const seen = new Set<string>()
    for (const [c, category] of rubric.categories.entries()) {
      if (seen.has(category.id)) ctx.addIssue({ code: 'custom', message: `duplicate id "${category.id}"`, path: ['categories', c, 'id'] })
      seen.add(category.id)
      for (const [d, dim] of category.dimensions.entries()) {
        if (seen.has(dim.id))
          ctx.addIssue({ code: 'custom', message: `duplicate id "${dim.id}"`, path: ['categories', c, 'dimensions', d, 'id'] })
        seen.add(dim.id)
        for (const [b, band] of dim.bands.entries()) {
          if (band.min > band.max || band.min < rubric.scale.min || band.max > rubric.scale.max) {
            ctx.addIssue({
              code: 'custom',
              message: `band ${band.min}-${band.max} is outside the scale`,
              path: ['categories', c, 'dimensions', d, 'bands', b],
            })
          }
        }
      }
    }
  })
export type Rubric = z.infer<typeof RubricSchema>

/** `taskFulfillment` → `task_fulfillment`: the key the judge is asked to answer with. */
export function answerKey(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

export const MCP_BENCH_DIMENSIONS = [
  'taskFulfillment',
  'informationGrounding',
  'toolAppropriateness',
  'parameterAccuracy',
  'dependencyAwareness',
  'parallelismEfficiency',
] as const
export type McpBenchDimension = (typeof MCP_BENCH_DIMENSIONS)[number]

export const MCP_BENCH_CATEGORIES = {
  taskCompletion: ['taskFulfillment', 'informationGrounding'],
  toolUsage: ['toolAppropriateness', 'parameterAccuracy'],
  planningEffectiveness: ['dependencyAwareness', 'parallelismEfficiency'],
} as const satisfies Record<string, readonly McpBenchDimension[]>
export type McpBenchCategory = keyof typeof MCP_BENCH_CATEGORIES

/** How the built-in rubric anchors scores (the guidance lines live with the rubric's content, in the judge). */
export const CALIBRATION_NAMES = ['strict', 'mcp-bench'] as const
export type Calibration = (typeof CALIBRATION_NAMES)[number]
