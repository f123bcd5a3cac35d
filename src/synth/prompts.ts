import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { truncate } from '../lib/text.ts'
import type { Chain } from './chains.ts'
import type { TaskDraft } from './draft.ts'
import type { ToolProfile } from './links.ts'
import type { ExecutionVerdict } from './verify.ts'

/**
 * The three requests synthesis makes: write a task for a chain, repair it
 * after a failed execution, and score it (MCP-Bench's solvability and
 * utility). The wording is ours; the structure follows MCP-Bench's
 * synthesis (dependency analysis, concrete task, fuzzy rewrite that keeps
 * every value, quality scores with its bands).
 */
export const GENERATE_SYSTEM =
  'You design benchmark tasks for AI agents that solve requests by calling MCP tools. You reply with one JSON object and nothing else.'
export const QUALITY_SYSTEM =
  'You judge the quality of benchmark tasks for tool-using AI agents. You reply with one JSON object and nothing else.'

/** Most tools described in one prompt (MCP-Bench shows at most 30). The chain's own tools always come first. */
const MAX_TOOLS = 30

function describeTool(tool: ToolProfile): string {
  const lines = [`### ${tool.ref}`, truncate(tool.description.trim() || '(no description)', 700)]
  lines.push(`parameters (JSON Schema): ${truncate(JSON.stringify(paramsSchema(tool)), 1_500)}`)
  if (tool.sample) lines.push(`sample output for ${JSON.stringify(tool.sample.args)}:\n${truncate(tool.sample.text, 800)}`)
  return lines.join('\n')
}

function paramsSchema(tool: ToolProfile): Record<string, unknown> {
  return Object.fromEntries(
    tool.params.map((p) => [
      p.name,
      {
        type: p.type === 'array' ? `array of ${p.itemType ?? 'unknown'}` : p.type,
        ...(p.required ? { required: true } : {}),
        ...(p.description ? { description: p.description } : {}),
        ...(p.enum ? { enum: p.enum.slice(0, 40) } : {}),
        ...(p.default !== undefined ? { default: p.default } : {}),
      },
    ]),
  )
}

/** The tools a candidate may use: the chain's tools first, then the rest of its servers' tools. */
export function toolsFor(chain: Chain, tools: readonly ToolProfile[]): ToolProfile[] {
  const own = chain.tools.map((ref) => tools.find((t) => t.ref === ref)!)
  const rest = tools.filter((t) => chain.servers.includes(t.server) && !chain.tools.includes(t.ref))
  return [...own, ...rest].slice(0, Math.max(MAX_TOOLS, own.length))
}

const DRAFT_SHAPE = `{
  "task": "the concrete task: every input value stated, the steps named",
  "fuzzy": "the same request as a person would write it",
  "reference": {
    "calls": [
      {"id": "first", "tool": "server.tool", "args": {"param": "value"}, "after": []},
      {"id": "second", "tool": "server.tool", "args": {"param": "value copied from the first call's output"}, "after": ["first"]}
    ],
    "answer": "a short answer that states every fact",
    "facts": ["a value exactly as a tool returns it", {"value": "a value computed from the outputs", "derived": "how it is computed"}],
    "dependencyAnalysis": "which call needs which output, and which calls are independent"
  }
}`

export function generationMessages(chain: Chain, tools: readonly ToolProfile[]): ChatCompletionMessageParam[] {
  const shown = toolsFor(chain, tools)
  const links = chain.links.map((l) => `- ${l.to} can take its "${l.param}" from ${l.from} (${l.detail})`)
  return withTools(GENERATE_SYSTEM, 'Available tools', shown, [
    `Servers: ${chain.servers.join(', ')}`,
    `Chain: ${chain.key}`,
    '',
    'Write one realistic task that an agent can only solve by calling these tools, built around the dependency chain above:',
    ...links,
    'You may add calls that run in parallel with the chain, or one more step after it, when that makes the task more useful.',
    '',
    'Rules:',
    '1. "task" is the concrete task. It gives every input value the agent needs (names, numbers, codes, units) and says what to report. Never ask for the current date or for data the tools do not return.',
    '2. "reference.calls" is the plan that solves it: each call names its tool as "server.tool" exactly as listed below, gives literal arguments that satisfy the tool\'s parameters, and lists in "after" the ids of the calls whose output it needs. A value that comes from an earlier call is written out as the value that call returns: choose inputs whose outputs you know from the samples and descriptions.',
    '3. "reference.facts" are two to five short values a correct answer must state (numbers, names, codes). Copy each exactly as it appears in a tool\'s output. A value you compute from the outputs (a sum, a difference, a rounded figure) goes in as {"value": …, "derived": "how"}.',
    '4. "reference.answer" answers the task in two or three sentences and states every fact.',
    '5. "fuzzy" rewrites the task as a person would ask it: conversational, with some context, no list of steps. It keeps every concrete value the task needs (numbers, names, places, units) but names no tool, server, function or parameter.',
    '',
    `Reply with one JSON object of this shape:\n${DRAFT_SHAPE}`,
  ])
}

/** The follow-up after a failed execution: what failed, and what each call actually returned. */
export function repairMessage(verdict: ExecutionVerdict): string {
  const failures = verdict.failures.map((f) => `- ${f.kind}: ${f.detail}`)
  const calls = verdict.calls.map((c) => `- ${c.id} (${c.tool}): ${c.status}${c.output ? `\n${truncate(c.output, 1_000)}` : ''}`)
  return [
    'Your task was checked by running its reference plan against the real servers, and it failed these checks:',
    ...failures,
    '',
    ...(calls.length ? ['What each call returned:', ...calls, ''] : []),
    'Fix the task so that every call succeeds with valid arguments, every fact appears in a tool output (or is marked "derived"), the answer states every fact, and the fuzzy text names no tool. Reply with the whole corrected JSON object, in the same shape.',
  ].join('\n')
}

export function qualityMessages(draft: TaskDraft, tools: readonly ToolProfile[]): ChatCompletionMessageParam[] {
  return withTools(QUALITY_SYSTEM, 'Tools', tools, [
    'Rate this benchmark task on two scales from 1 to 10.',
    '',
    `Task (concrete):\n${draft.task}`,
    '',
    `Task as the agent sees it:\n${draft.fuzzy}`,
    '',
    'Solvability: can an agent complete it with the tools below, given their descriptions and outputs?',
    '  10: every input is given, the tools cover every step, and success is clear',
    '  8-9: clearly solvable; small ambiguities',
    '  6-7: mostly solvable, but some step is unclear or hard',
    '  4-5: real gaps in the tools or the inputs',
    '  1-3: cannot be done with these tools',
    'Utility: would a real person want this done?',
    '  10: solves a real business or research problem',
    '  8-9: clearly useful for a decision or for work',
    '  6-7: interesting, not important',
    '  4-5: mostly an exercise',
    '  1-3: trivial or contrived',
    '',
    'Reply with one JSON object: {"solvability": <1-10>, "utility": <1-10>, "solvabilityFeedback": "one sentence", "utilityFeedback": "one sentence"}',
  ])
}

/** The system prompt, and a user message of `lines` that ends with the tools under `heading`: both model calls of synth. */
function withTools(system: string, heading: string, tools: readonly ToolProfile[], lines: readonly string[]): ChatCompletionMessageParam[] {
  const user = [...lines, '', `${heading}:`, '', tools.map(describeTool).join('\n\n')].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}
