import type { CatalogEntry } from '../../contracts/catalog.ts'
import { fillTemplate, type McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import { createRng, sampleSeed, shuffled } from '../../lib/random.ts'
import { reportedRounds } from '../../scoring/fidelity-formulas.ts'
import { stable, type BuiltPrompt, type JudgeInput, type PromptOptions } from './prompt.ts'
import { accumulatedInformation, executionSummary, releasedCalls, toolList } from './released-evidence.ts'

/** Where each shuffle of one sample put its items: what a replay through MCP-Bench's builder needs to give the same prompt. */
export interface ReleasedOrder {
  /** The permutations in the order the builder shuffles: main dimensions, then per main its sub-dimensions, then per sub-dimension its bands. */
  permutations: number[][]
}

/**
 * The judge prompt of MCP-Bench's released evaluator (`LLMJudge._generate_randomized_prompt` with the
 * system message of its five-sample path), from the templates imported from the user's checkout: the
 * rubric shuffled as the builder shuffles it (main dimensions, then each main's sub-dimensions, then
 * each sub-dimension's bands), with a PRNG seeded from (task id, sample index[, seed]) instead of
 * Python's global one, so that a rerun sends the same requests and the judge cache hits.
 */
export function buildReleasedRubricPrompt(
  input: JudgeInput,
  templates: McpBenchTemplates,
  sampleIndex: number,
  options: PromptOptions = {},
): BuiltPrompt & { released: ReleasedOrder } {
  input = stable(input)
  const t = input.trajectory
  const taskId = input.taskId ?? t.taskId
  const seed = sampleSeed(taskId, sampleIndex, options.seed)
  const rng = createRng(seed)
  const j = templates.judge
  const tools = toolEntries(input.tools)

  const calls = releasedCalls(t, templates)
  const accumulated = accumulatedInformation(t, calls, templates)
  const totalRounds = reportedRounds(t, 'released-code', input.maxRounds ?? templates.executor.config.maxRounds)
  const values = {
    TASK: t.prompt,
    CONCRETE: input.task.prompt,
    FINAL_SOLUTION: t.answer ?? '',
    TOTAL_ROUNDS: totalRounds,
    EXECUTION_SUMMARY: executionSummary(calls, totalRounds, accumulated, templates),
    TOOL_COUNT: tools.length,
    TOOLS: toolList(tools, templates),
  }

  const permutations: number[][] = []
  const permute = <T>(items: readonly T[]): T[] => {
    const order = shuffled(
      items.map((_, i) => i),
      rng,
    )
    permutations.push(order)
    return order.map((i) => items[i]!)
  }
  const order: BuiltPrompt['order'] = { categories: [], dimensions: [], bands: {} }
  const rubric: string[] = []
  for (const main of permute(j.dimensions)) {
    order.categories.push(main.name)
    rubric.push(...j.dimensionHeading.map((p) => fillTemplate(p, { DIMENSION: main.name })))
    permute(main.subDimensions).forEach((sub, i) => {
      order.dimensions.push(sub.name)
      rubric.push(fillTemplate(j.subDimension, { INDEX: i + 1, SUBDIMENSION: sub.name }))
      const bands = permute(sub.bands)
      order.bands[sub.name] = bands.map(([range]) => range)
      for (const [range, text] of bands) rubric.push(fillTemplate(j.band, { RANGE: range, TEXT: text }))
      rubric.push(...j.afterSubDimension)
    })
  }
  // The released runner shows the concrete task whenever the agent saw the fuzzy one.
  const head = input.task.fuzzy !== undefined ? j.headConcrete : j.headPlain
  const user = [...head.map((p) => fillTemplate(p, values)), ...rubric, ...j.tail].join('\n')
  return {
    messages: [
      { role: 'system', content: j.system },
      { role: 'user', content: user },
    ],
    nonce: '',
    seed,
    order,
    released: { permutations },
  }
}

function toolEntries(tools: JudgeInput['tools']): readonly CatalogEntry[] {
  if (!tools) return []
  return Array.isArray(tools) ? tools : (tools as { entries: readonly CatalogEntry[] }).entries
}
