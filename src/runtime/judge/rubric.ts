import { RubricSchema, type Calibration, type Rubric, type RubricBand } from '../../contracts/rubric.ts'

/**
 * Rubrics the judge can score against. The MCP-Bench rubric (six
 * sub-dimensions in three categories, banded 1–10) is one instance of the
 * general shape, so a custom rubric object takes the same code path.
 *
 * Wording is our own; the structure follows MCP-Bench §5.2 and its appendix.
 */

/** Four bands per dimension, the same cut points MCP-Bench uses (1–3, 4–6, 7–8, 9–10). */
function bands(low: string, mid: string, good: string, top: string): RubricBand[] {
  return [
    { min: 1, max: 3, text: low },
    { min: 4, max: 6, text: mid },
    { min: 7, max: 8, text: good },
    { min: 9, max: 10, text: top },
  ]
}

/**
 * How the judge anchors its scores: the last guidance lines of the MCP-Bench rubric.
 *
 * `strict` (the default): high scores need an execution with hardly a flaw, and doubt goes to the lower
 * score. It says where the top of the scale is, not where typical work sits.
 *
 * `mcp-bench`: the calibration MCP-Bench's released evaluator gives its judge, in our own words. It also
 * places typical work: most executions belong in the middle bands, scoring starts there, and every step
 * up needs evidence. Scores from a judge told this are comparable with MCP-Bench's published ones; without
 * it the same judge scores the same runs higher. It is not the default because it is a prior about the
 * population MCP-Bench scored (long multi-server tasks on live services): on a suite of simple tasks that
 * agents mostly solve, it pulls correct executions towards the middle and hides the differences a gate
 * should see.
 */
const STRICT_CALIBRATION: readonly string[] = [
  'Be strict: high scores are for executions with hardly a flaw. When the evidence leaves doubt, choose the lower score.',
]

const MCP_BENCH_CALIBRATION: readonly string[] = [
  'Calibrate against typical work: most executions of tasks like these deserve a score in the middle bands (4–6). A score of 8 or more marks an exceptional execution and should be rare.',
  'Start every sub-dimension at 4–5 and move up only for explicit evidence you can point to in the trajectory or the answer; without such evidence, stay there or go lower.',
  'Look for flaws first and credit successes after. Before you give any score above 7, go back over the execution for a flaw that would lower it.',
  'A portion with any flaw (a worse tool than the best one, a missing or wrong argument, a repeated or needless call, a failure left unhandled, a missed chance to run calls together) counts as not handled well.',
]

const CALIBRATIONS: Readonly<Record<Calibration, readonly string[]>> = { strict: STRICT_CALIBRATION, 'mcp-bench': MCP_BENCH_CALIBRATION }

/** The built-in MCP-Bench rubric with another calibration in place of the strict default. */
export function calibratedRubric(calibration: Calibration): Rubric {
  if (calibration === 'strict') return MCP_BENCH_RUBRIC
  return { ...MCP_BENCH_RUBRIC, guidance: [...SHARED_GUIDANCE, ...CALIBRATIONS[calibration]] }
}

/** The MCP-Bench rubric's guidance before its calibration lines: the same whichever calibration follows. */
const SHARED_GUIDANCE: readonly string[] = [
  'Score by proportion, not by volume: first count the opportunities for the dimension (requirements, claims, calls, arguments, dependencies, independent calls), then the share handled well, then pick the band that share falls in. 7 of 10 and 14 of 20 deserve the same score.',
  'A portion counts as well handled only when it is right in full: the best tool, complete and correct arguments, no needless repetition, failures recovered from. Partial credit belongs in the lower bands.',
  'Task Completion and Tool Usage are measured against the concrete task; the agent only saw the task as presented, so a different but reasonable reading of an ambiguous request is not a defect.',
  'Judge Planning Effectiveness by the share of dependencies and parallel opportunities handled correctly; the reference plan shows one valid structure, not the only one.',
  'Output format is not a requirement unless the task as presented asked for one.',
  'Using more tools or more servers is not better in itself; length, fluency and polish earn nothing.',
]

export const MCP_BENCH_RUBRIC: Rubric = RubricSchema.parse({
  name: 'mcp-bench',
  scale: { min: 1, max: 10 },
  categories: [
    {
      id: 'taskCompletion',
      title: 'Task Completion',
      dimensions: [
        {
          id: 'taskFulfillment',
          title: 'Task Fulfillment',
          question: 'What share of the requirements in the concrete task does the final answer deliver in full and correctly?',
          bands: bands(
            'Only a small part of what was asked (about one in ten to one in three requirements) is delivered in full.',
            'Roughly half of the requirements (about 40–60%) are delivered in full; the rest are missing, partial or wrong.',
            'Most requirements (about 70–80%) are delivered in full; a few are missing or only partly met.',
            'Practically every requirement (about 90–100%) is delivered in full and correctly.',
          ),
        },
        {
          id: 'informationGrounding',
          title: 'Information Grounding',
          question: 'What share of the factual claims in the final answer is backed by what the tools actually returned?',
          aliases: ['grounding'],
          bands: bands(
            'Few claims (about 10–30%) can be traced to tool results; most are invented, generic or contradict the evidence.',
            'About half of the claims (40–60%) are traceable to tool results.',
            'Most claims (about 70–80%) are traceable to tool results; a few lack support.',
            'Nearly all claims (about 90–100%) are traceable to specific tool results, with nothing contradicting them.',
          ),
        },
      ],
    },
    {
      id: 'toolUsage',
      title: 'Tool Usage',
      dimensions: [
        {
          id: 'toolAppropriateness',
          title: 'Tool Appropriateness',
          question: 'For each sub-task, was the best available tool chosen?',
          bands: bands(
            'Only about 10–30% of the tool choices are the right tool for their sub-task.',
            'About 40–60% of the tool choices are the right tool for their sub-task.',
            'About 70–80% of the tool choices are the right tool for their sub-task.',
            'About 90–100% of the tool choices are the right tool for their sub-task.',
          ),
        },
        {
          id: 'parameterAccuracy',
          title: 'Parameter Accuracy',
          question: 'Are the arguments of each tool call complete, correctly typed and carrying the right values?',
          bands: bands(
            'Only about 10–30% of the calls have arguments that are complete and correct.',
            'About 40–60% of the calls have arguments that are complete and correct.',
            'About 70–80% of the calls have arguments that are complete and correct.',
            'About 90–100% of the calls have arguments that are complete and correct.',
          ),
        },
      ],
    },
    {
      id: 'planningEffectiveness',
      title: 'Planning Effectiveness',
      dimensions: [
        {
          id: 'dependencyAwareness',
          title: 'Dependency Awareness',
          question:
            'When one step needs the output of another, does the agent run them in a valid order and feed the earlier output into the later call?',
          bands: bands(
            'Only about 10–30% of the dependencies are honoured (order kept and outputs actually passed on).',
            'About 40–60% of the dependencies are honoured.',
            'About 70–80% of the dependencies are honoured.',
            'About 90–100% of the dependencies are honoured.',
          ),
        },
        {
          id: 'parallelismEfficiency',
          title: 'Parallelism and Efficiency',
          question: 'Does the agent avoid redundant calls and issue independent calls together in the same round?',
          aliases: ['parallelism_and_efficiency', 'parallelism'],
          bands: bands(
            'Over 70% of the calls are redundant, or under 30% of the calls that could run together were batched.',
            'About 40–60% of the calls are redundant, or about 40–60% of the independent calls were batched.',
            'About 20–30% redundant calls, and about 70–80% of the independent calls were batched.',
            'Under 10% redundant calls, and about 90–100% of the independent calls were batched.',
          ),
        },
      ],
    },
  ],
  guidance: [...SHARED_GUIDANCE, ...STRICT_CALIBRATION],
})

/**
 * The MCP-Eval pass/fail principles (MCP-AgentBench §2.3 and its evaluation
 * prompt), in our own words.
 */
export const PASS_FAIL_PRINCIPLES: readonly string[] = [
  "Judge the outcome, not the path: any sequence of tool calls is fine if the final answer meets the user's need. Do not require the answer to follow the reference answer's steps or wording.",
  'Identify the core need of the request: the primary information or action the user asked for. The answer passes when it satisfies that need; it does not have to be exhaustive.',
  'When the request depends on specific, current or external data (prices, records, search results, computed values), the answer must contain that specific data, obtained through tools. An answer built only from general knowledge, guesses or instructions on how the user could find it fails.',
  'The reference answer shows what kind of data is needed and roughly what a correct result looks like. Values that legitimately change over time may differ; values that contradict the tool results, or are made up, fail.',
  'Extra detail, a different format, a different order, or missing source attribution do not cause a failure.',
  'A refusal, an answer to a different question, a claim of having done something that the tool log does not show, or an answer that leaves the core need unmet fails.',
]
