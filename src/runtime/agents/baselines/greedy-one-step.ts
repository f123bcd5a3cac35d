import type { Agent, AgentContext, AgentTool } from '../types.ts'
import { argumentsFor, fillable, valuesIn, type Fillable } from './prompt-arguments.ts'
import { readPrompt, type PromptReading } from './prompt-values.ts'
import { keywords } from './words.ts'

/**
 * A one-step keyword matcher, the "weak but not useless" floor classic
 * benchmark papers report: for each sentence of the prompt it calls the
 * single tool whose name, description and parameters share the most
 * (rarity-weighted) keywords with that sentence. A call's arguments may
 * come from anywhere in the prompt, its own sentence first, since people
 * spread one question over two sentences ("A marathon is 26.2 miles. How
 * long is that in kilometres?"). All calls go out at once, none informed by
 * another's output, the same call is made once, and the answer is the
 * outputs. It plans nothing and chains nothing: it finds the steps the
 * wording gives away, never those that depend on what another step found.
 */
export function greedyOneStepAgent(): Agent {
  return { name: 'greedy-one-step', run: greedyOneStep }
}

async function greedyOneStep(ctx: AgentContext): Promise<string> {
  const reading = readPrompt(ctx.task.prompt)
  const score = scoreTools(ctx.tools)
  const calls = new Map<string, { tool: AgentTool; args: Record<string, unknown> }>()
  reading.sentences.forEach((sentence, index) => {
    const call = callFor(score(sentence.text, reading, index), reading, index, [...calls.values()])
    if (call) calls.set(callKey(call.tool, call.args), call)
  })
  const budget = ctx.maxToolCalls ?? Infinity
  const round = ctx.nextRound()
  const outcomes = await Promise.all([...calls.values()].slice(0, budget).map(async ({ tool, args }) => ({
    tool,
    outcome: await ctx.callTool(tool.name, args, { round }),
  })))
  const useful = outcomes.filter((o) => !o.outcome.isError).map((o) => `${o.tool.name}: ${o.outcome.text}`)
  return useful.length ? `Here is what I found:\n\n${useful.join('\n\n')}` : 'I could not find anything useful.'
}

/**
 * The one call a sentence makes: its best-matching tool with arguments from
 * the prompt. When that exact call was already made for an earlier
 * sentence, the sentence asks about something else: the same tool with the
 * values the earlier calls of it did not take ("…Mistral-7B and Qwen2.5-7B.
 * How do they compare?"), else the next-best tool ("…101.3 degrees
 * Fahrenheit. What are their BMI and that temperature in Celsius?").
 */
function callFor(candidates: readonly ScoredTool[], reading: PromptReading, index: number, made: ReadonlyArray<{ tool: AgentTool; args: Record<string, unknown> }>) {
  const done = new Set(made.map((c) => callKey(c.tool, c.args)))
  for (const { tool, words: toolWords, subject: subjectWords } of candidates) {
    const args = argumentsFor(tool.inputSchema, reading, index, { toolWords, subjectWords })
    if (!done.has(callKey(tool, args))) return { tool, args }
    const exclude = new Set(made.filter((c) => c.tool === tool).flatMap((c) => [...valuesIn(c.args)]))
    // Only values that plainly belong to the tool: another number picked by its order alone is no new question.
    const { filled, required, guessed } = fillable(tool.inputSchema, reading, index, { toolWords, subjectWords, exclude })
    if (filled < required || guessed > 0) continue
    const other = argumentsFor(tool.inputSchema, reading, index, { toolWords, subjectWords, exclude })
    if (!done.has(callKey(tool, other))) return { tool, args: other }
  }
  return undefined
}

function callKey(tool: AgentTool, args: unknown): string {
  return `${tool.name} ${JSON.stringify(args)}`
}

/**
 * The tool whose words best match the sentence, or none when no tool shares
 * a word with it. See `scoreTools`.
 */
export function bestTool(sentence: string, tools: readonly AgentTool[], prompt = sentence): AgentTool | undefined {
  const reading = readPrompt(prompt)
  const index = Math.max(0, reading.sentences.findIndex((s) => s.text === sentence.trim()))
  return scoreTools(tools)(sentence, reading, index)[0]?.tool
}

/**
 * Where a word stands in a tool says how much it tells: its name and
 * description say what the tool does, its parameters' names less, and the
 * examples and allowed values in parameter descriptions least ("e.g.
 * 'Asia/Tokyo'" does not make a tool about Tokyo).
 */
const FIELD_WEIGHTS = { name: 1, description: 1, parameter: 0.5, detail: 0.3 } as const

interface IndexedTool {
  tool: AgentTool
  /** Each word of the tool with the weight of the most telling field it appears in. */
  words: Map<string, number>
  /** The words of its server-qualified name: what it is about. */
  subject: ReadonlySet<string>
}

export interface ScoredTool {
  tool: AgentTool
  score: number
  /** The tool's own keyword stems (kept out of its search boxes). */
  words: ReadonlySet<string>
  /** The stems of its server-qualified name: a name made of them is its subject, not a value for it. */
  subject: ReadonlySet<string>
}

/**
 * A matcher over one catalog (word rarities are computed once): every tool
 * that shares a word with the sentence, best first. A tool's
 * score is the sum, over the words they share, of the word's rarity in the
 * catalog (inverse document frequency, so "forecast" says more than "get")
 * times the weight of the field it stands in, plus how well the prompt's
 * values fit the tool's slots, scaled down for required parameters the
 * prompt has no value for. Ties go to the tool whose name shares more
 * words, then to catalog order.
 */
export function scoreTools(tools: readonly AgentTool[]): (sentence: string, reading: PromptReading, index: number) => ScoredTool[] {
  // A tool's subject is what its qualified name says ("paper-search__search_pubmed"); a description also names examples.
  const indexed: IndexedTool[] = tools.map((tool) => ({ tool, words: toolWords(tool), subject: new Set(keywords(tool.name)) }))
  const documents = new Map<string, number>()
  for (const { words } of indexed) for (const w of words.keys()) documents.set(w, (documents.get(w) ?? 0) + 1)
  const rarity = (w: string) => Math.log(1 + indexed.length / (documents.get(w) ?? 1))
  const rarest = Math.log(1 + indexed.length)
  return (sentence, reading, index) => {
    const words = sentenceWords(sentence)
    const asked = answerTypes(sentence)
    // A sentence that points back ("Compare their names…") and names nothing itself continues the one before.
    const previous = reading.sentences[index - 1]
    const own = reading.sentences[index]
    const carried = previous && own && !own.names.length && !own.ids.length && POINTS_BACK.test(sentence) ? sentenceWords(previous.text) : new Set<string>()
    const scored: Array<ScoredTool & { nameScore: number; order: number }> = []
    indexed.forEach((entry, order) => {
      let overlap = 0
      let ownOverlap = 0
      for (const [w, weight] of entry.words) {
        if (words.has(w)) ownOverlap += rarity(w) * weight
        else if (asked.has(w)) ownOverlap += 0.5 * rarity(w) * weight
        else if (carried.has(w)) overlap += 0.5 * rarity(w) * weight
      }
      if (ownOverlap <= 0) return
      overlap += ownOverlap
      const toolWords = new Set(entry.words.keys())
      const fit = fillable(entry.tool.inputSchema, reading, index, { toolWords, subjectWords: entry.subject })
      const score = (overlap + rarest * slotFit(fit)) * (fit.required ? 0.5 + (0.5 * fit.filled) / fit.required : 1)
      const nameScore = [...entry.subject].filter((w) => words.has(w)).length
      scored.push({ tool: entry.tool, score, words: toolWords, subject: entry.subject, nameScore, order })
    })
    return scored
      .sort((a, b) => (Math.abs(a.score - b.score) > 1e-9 ? b.score - a.score : b.nameScore - a.nameScore || a.order - b.order))
      .map(({ tool, score, words, subject }) => ({ tool, score, words, subject }))
  }
}

/**
 * How well the sentence's values fit the tool's slots, 0 to 1: the share of
 * required parameters the sentence fills with a value of just their kind (an
 * id, a date, "slight" for ascites, "the asteroid Apophis" for an asteroid
 * id), averaged with the share of the sentence's names, identifiers, dates,
 * clock times and bracketed spans the tool takes. A sentence holding "half
 * past nine" fits a converter of times better than a clock that takes no
 * time, and one naming three places fits a distance matrix better than
 * directions between two. At best it counts as much as the rarest word.
 */
function slotFit({ required, specific, typedUsed, typedWritten }: Fillable): number {
  // The mean of the shares that exist: a tool without required parameters is judged by the values it takes alone.
  const shares = [...(required ? [specific / required] : []), ...(typedWritten ? [typedUsed / typedWritten] : [])]
  return shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : 0
}

/**
 * What a question asks for, by its question words, as classic question
 * answering reads them ("answer types"): "how far" asks for a distance,
 * "how long" a duration or a length, "how hot" a temperature, "what time" a
 * time. The words join the sentence's at half weight.
 */
const ANSWER_TYPES: Array<[RegExp, string]> = [
  [/\bhow (?:far|close|near)\b/i, 'distance'],
  [/\bhow long\b/i, 'duration length'],
  [/\bhow (?:hot|cold|warm|cool)\b|\b(?:warmer|colder|hotter|cooler)\b/i, 'temperature'],
  [/\bhow (?:big|large|small|heavy)\b/i, 'size'],
  [/\bhow (?:high|tall)\b/i, 'height elevation'],
  [/\bhow old\b/i, 'age'],
  [/\bwhat time\b/i, 'time'],
  [/\bwhere\b/i, 'location address'],
]

function answerTypes(sentence: string): Set<string> {
  return new Set(ANSWER_TYPES.filter(([pattern]) => pattern.test(sentence)).flatMap(([, words]) => keywords(words)))
}

const POINTS_BACK = /\b(?:it|its|they|them|their|theirs|these|those|there|that)\b/i

/** A sentence's keywords, plus each pair of neighbouring words run together, so "Hugging Face" meets "huggingface". */
function sentenceWords(sentence: string): Set<string> {
  const plain = sentence.toLowerCase().split(/[^a-z0-9]+/).filter((w) => keywords(w).length)
  const joined = plain.slice(1).flatMap((w, i) => keywords(`${plain[i]}${w}`))
  return new Set([...keywords(sentence), ...joined])
}

function toolWords(tool: AgentTool): Map<string, number> {
  const words = new Map<string, number>()
  const add = (text: string, weight: number) => {
    for (const w of keywords(text)) words.set(w, Math.max(words.get(w) ?? 0, weight))
    // Split words joined again ("ePrint", "bioRxiv"), so the prompt's "eprint" meets them.
    for (const m of text.matchAll(/\b[a-z]+[A-Z][a-z]+\b/g)) for (const w of keywords(m[0].toLowerCase())) words.set(w, Math.max(words.get(w) ?? 0, weight))
  }
  // The server-qualified name ("weather__get_forecast") counts as the name.
  add(tool.name, FIELD_WEIGHTS.name)
  add(tool.description ?? '', FIELD_WEIGHTS.description)
  const schema = tool.inputSchema as { properties?: Record<string, { description?: unknown; enum?: unknown[] }> }
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    add(name, FIELD_WEIGHTS.parameter)
    add(typeof p?.description === 'string' ? p.description : '', FIELD_WEIGHTS.detail)
    if (Array.isArray(p?.enum)) add(p.enum.filter((v): v is string => typeof v === 'string').join(' '), FIELD_WEIGHTS.detail)
  }
  return words
}

/** `agent: { module: './src/runtime/agents/baselines/greedy-one-step.ts' }`. */
export default greedyOneStep
