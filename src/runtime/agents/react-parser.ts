import type { AgentTool } from './types.ts'

/**
 * Reading one step of a ReAct reply (Thought, then an Action with its JSON
 * input, or a Final Answer). Strict where a mistake would change what runs:
 * the tool name is taken exactly as written (never guessed from a bare or
 * mis-cased name), the input must be a JSON object (no repairs), and a step
 * holds one action or one answer. Forgiving where nothing is at stake:
 * labels in any case, with markdown emphasis or a step number ("Thought 2:"),
 * blank lines and indentation, a reply or an input wrapped in code fences,
 * a missing "Thought:" label, and the `<think>…</think>` block that
 * reasoning models (Qwen3, DeepSeek-R1 behind a server without a reasoning
 * parser) put before their reply, whose drafts may hold lines that look like
 * steps.
 */
export type ReactStep = ReactAction | ReactAnswer | ReactMalformed

interface ReactAction {
  kind: 'action'
  thought: string
  /** The tool name exactly as the model wrote it (backticks and quotes removed). */
  tool: string
  /** The name is in the catalog, as a qualified name (`math__add`) or as `server.tool`. */
  known: boolean
  input: Record<string, unknown>
  /** The reply up to its Action Input: what goes into the history (an Observation the model wrote itself is dropped). */
  step: string
}

export interface ReactAnswer {
  kind: 'answer'
  thought: string
  answer: string
}

export interface ReactMalformed {
  kind: 'malformed'
  /** What is wrong: no usable step at all, or a fault in its action, input or structure. */
  problem: 'empty' | 'no-step' | 'structure' | 'action' | 'input'
  /** Why the reply cannot be used, in words the model is shown in the reminder. */
  reason: string
}

type Label = 'thought' | 'action' | 'input' | 'observation' | 'answer'

interface Section {
  label: Label | 'preamble'
  /** Index of the line the section starts on. */
  line: number
  text: string
}

// A label starts a line: optional markdown (`**`, `#`, `-`, `>`), the keyword, an optional step number, the colon.
const LABEL = /^[\s*_#>-]*(thought|action[\s_]*input|action|observation|final[\s_]*answer)(?:[\s_]*\d+)?[\s*_]*:[*_]*[ \t]*(.*)$/i

function labelOf(keyword: string): Label {
  const k = keyword.toLowerCase().replace(/[\s_]+/g, ' ')
  if (k === 'action input') return 'input'
  if (k === 'final answer') return 'answer'
  return k as Label
}

/** The reply without the reasoning block some models write before it. */
function withoutReasoning(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '')
}

/** A reply wrapped whole in one code fence is read as its contents. */
function unwrapFence(text: string): string {
  const fenced = /^\s*```[^\n]*\n([\s\S]*)\n\s*```\s*$/.exec(text)
  return fenced ? fenced[1]! : text
}

function sections(lines: string[]): Section[] {
  const out: Section[] = [{ label: 'preamble', line: 0, text: '' }]
  lines.forEach((line, i) => {
    const m = LABEL.exec(line)
    if (m) out.push({ label: labelOf(m[1]!), line: i, text: m[2]! })
    else out[out.length - 1]!.text += `\n${line}`
  })
  return out.map((s) => ({ ...s, text: s.text.trim() }))
}

/** A tool name as written, without the backticks, quotes or emphasis models put around it. */
function cleanToolName(text: string): string {
  return text
    .trim()
    .replace(/^[`'"*]+|[`'"*]+$/g, '')
    .trim()
}

/** The input with an enclosing code fence or inline backticks removed, parsed strictly. */
function parseInput(text: string): Record<string, unknown> | string {
  let source = text.trim()
  const fenced = /^```[a-zA-Z0-9_-]*[ \t]*\n?([\s\S]*?)\n?\s*```$/.exec(source)
  if (fenced) source = fenced[1]!.trim()
  else if (/^`[^`]*`$/.test(source)) source = source.slice(1, -1).trim()
  if (source === '') return 'the "Action Input:" is empty; write {} for a tool that takes no arguments'
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    return `the Action Input is not valid JSON (${(error as Error).message})`
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return "the Action Input must be a JSON object of the tool's arguments"
  }
  return value as Record<string, unknown>
}

function isKnown(name: string, tools: AgentTool[]): boolean {
  return tools.some((t) => t.name === name || `${t.server}.${t.tool}` === name)
}

/** Reads one ReAct step from a model reply. */
export function parseReactStep(reply: string | null | undefined, tools: AgentTool[]): ReactStep {
  const visible = withoutReasoning(reply ?? '')
  if (!visible.trim()) return { kind: 'malformed', problem: 'empty', reason: 'the reply was empty' }
  const lines = unwrapFence(visible.replace(/\r\n?/g, '\n')).split('\n')
  const all = sections(lines)
  // A Final Answer runs to the end of the reply. An Observation the model wrote
  // itself ends the step there: only the tool's real one counts.
  const stop = all.findIndex((s) => s.label === 'observation' || s.label === 'answer')
  const used = stop === -1 ? all : all.slice(0, stop)
  const thought = (used.find((s) => s.label === 'thought') ?? used[0]!).text
  const actions = used.filter((s) => s.label === 'action')

  if (stop !== -1 && all[stop]!.label === 'answer') {
    if (actions.length > 0) {
      return {
        kind: 'malformed',
        problem: 'structure',
        reason: 'the reply has both an Action and a Final Answer; write one of them per step',
      }
    }
    const at = all[stop]!.line
    const answer = [LABEL.exec(lines[at]!)![2]!, ...lines.slice(at + 1)].join('\n').trim()
    if (!answer) return { kind: 'malformed', problem: 'empty', reason: 'the Final Answer is empty' }
    return { kind: 'answer', thought, answer }
  }

  if (actions.length === 0) {
    return {
      kind: 'malformed',
      problem: stop === -1 ? 'no-step' : 'structure',
      reason:
        stop === -1
          ? 'the reply has neither an "Action:" line nor a "Final Answer:" line'
          : 'the reply has no "Action:" before its "Observation:"; the Observation comes from the tool, do not write it yourself',
    }
  }
  if (actions.length > 1) {
    return {
      kind: 'malformed',
      problem: 'structure',
      reason: `the reply has ${actions.length} Actions; write one Action per step and wait for its Observation`,
    }
  }
  const tool = cleanToolName(actions[0]!.text)
  if (!tool) return { kind: 'malformed', problem: 'action', reason: 'the Action names no tool' }
  if (/^[^\s([{]+\s*[([{]/.test(tool)) {
    return {
      kind: 'malformed',
      problem: 'action',
      reason: 'the Action line holds more than a tool name; put the arguments on their own "Action Input:" line',
    }
  }
  if (/\s/.test(tool)) {
    return { kind: 'malformed', problem: 'action', reason: `the Action must be one tool name from the list, not "${tool.slice(0, 80)}"` }
  }
  const inputs = used.filter((s) => s.label === 'input')
  if (inputs.length === 0) {
    return {
      kind: 'malformed',
      problem: 'input',
      reason: 'the Action has no "Action Input:" line; write {} for a tool that takes no arguments',
    }
  }
  if (inputs.length > 1)
    return { kind: 'malformed', problem: 'input', reason: 'the reply has more than one "Action Input:"; write one per step' }
  const input = parseInput(inputs[0]!.text)
  if (typeof input === 'string') return { kind: 'malformed', problem: 'input', reason: input }
  const step = lines
    .slice(0, stop === -1 ? undefined : all[stop]!.line)
    .join('\n')
    .trim()
  return { kind: 'action', thought, tool, known: isKnown(tool, tools), input, step }
}

/**
 * Reads the reply to the step-limit request, where only an answer is wanted:
 * a reply with neither an action nor a "Final Answer:" label is taken whole
 * as the answer (the label is all it lacks), while one that still asks for
 * an action is malformed.
 */
export function parseFinalReply(reply: string | null | undefined, tools: AgentTool[]): ReactAnswer | ReactMalformed {
  const step = parseReactStep(reply, tools)
  if (step.kind === 'answer') return step
  if (step.kind === 'action') {
    return {
      kind: 'malformed',
      problem: 'structure',
      reason: `asked for a final answer after the step limit, the model requested the action ${step.tool} instead`,
    }
  }
  if (step.problem === 'no-step') return { kind: 'answer', thought: '', answer: withoutReasoning(reply!).trim() }
  return step
}
