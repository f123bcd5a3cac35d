/**
 * A scripted "model" for `mcp-bench synth` over the weather and
 * unit-converter fixtures. Synthesis tries chains from the two combinations
 * in turn (weather+unit-converter, then unit-converter), so the n-th
 * generation request gets the n-th case below; each case checks that the
 * prompt is for the servers it expects, so a change in chain order fails
 * loudly instead of scrambling the cases. Repairs are answered by the draft
 * they repair; quality requests by the task they score.
 */
import type { RecordedRequest, ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { GENERATE_SYSTEM, QUALITY_SYSTEM } from '../../src/synth/prompts.ts'

const CROSS = 'weather, unit-converter'
const UNITS = 'unit-converter'

interface Draft {
  task: string
  fuzzy: string
  reference: {
    calls: Array<{ id: string; tool: string; args: Record<string, unknown>; after?: string[] }>
    answer: string
    facts: unknown[]
    dependencyAnalysis?: string
  }
}

interface Case {
  name: string
  servers: string
  /** The first reply: a draft, or raw text that is not one. */
  first: Draft | string
  /** The reply to a repair request, when the first draft fails execution. */
  repair?: Draft
  scores?: { solvability: number; utility: number }
}

type Call = Draft['reference']['calls'][number]

function draft(task: string, fuzzy: string, calls: Call[], answer: string, facts: string[], dependencyAnalysis?: string): Draft {
  return { task, fuzzy, reference: { calls, answer, facts, ...(dependencyAnalysis ? { dependencyAnalysis } : {}) } }
}

/** A weather fixture call for one city. */
const weather = (id: string, tool: string, city: string): Call => ({ id, tool: `weather.${tool}`, args: { city } })

/** A unit-converter call, after the call it takes its value from, if any. */
const convert = (id: string, kind: 'length' | 'temperature', value: number, from_unit: string, to_unit: string, after?: string): Call => ({
  id,
  tool: `unit-converter.convert_${kind}`,
  args: { value, from_unit, to_unit },
  ...(after ? { after: [after] } : {}),
})

const denver = draft(
  'Get the current weather in Denver and convert its Celsius temperature to Fahrenheit with the temperature converter. Report both values.',
  "I'm flying into Denver tonight and my phone only shows Celsius. How warm is it there right now, in Fahrenheit too?",
  [weather('now', 'get_current_weather_tool', 'Denver'), convert('f', 'temperature', 12.5, 'celsius', 'fahrenheit', 'now')],
  'Denver is at 12.5 °C right now, which is 54.5 °F.',
  ['12.5', '54.5'],
  'The conversion needs the temperature the weather call returns.',
)

const kilometre = draft(
  'Convert a 5 kilometre run to miles with the length converter and report the distance.',
  'My training plan says 5 km for Saturday. How many miles is that?',
  [convert('miles', 'length', 5, 'kilometre', 'mile')],
  '5 km is about 3.107 miles.',
  ['3.107'],
)
const kilometer: Draft = {
  ...kilometre,
  reference: { ...kilometre.reference, calls: [convert('miles', 'length', 5, 'kilometer', 'mile')] },
}

const humidity = draft(
  'Look up the humidity in Paris and convert the temperature there to kelvin.',
  'Is it muggy in Paris today? And what is the temperature in kelvin, for my physics homework?',
  [weather('h', 'get_humidity', 'Paris'), convert('k', 'temperature', 20, 'celsius', 'kelvin', 'h')],
  'Paris has 60% humidity at 293.15 K.',
  ['293.15'],
)

const belowZero = draft(
  'Convert -10 kelvin to Celsius with the temperature converter.',
  'My lab notes say -10 K. What is that in Celsius?',
  [convert('c', 'temperature', -10, 'kelvin', 'celsius')],
  '-10 K is -283.15 °C.',
  ['-283.15'],
)

const madeUpFact = draft(
  'Get the current weather in London and convert its Celsius temperature to Fahrenheit.',
  'Heading to London tomorrow. How warm is it there right now, in Fahrenheit?',
  [weather('now', 'get_current_weather_tool', 'London'), convert('f', 'temperature', 17.9, 'celsius', 'fahrenheit', 'now')],
  'London is at 17.9 °C, which is 99.1 °F.',
  ['17.9', '99.1'],
)

const trivia = draft(
  'Get the current weather in Miami and convert its Celsius temperature to kelvin.',
  'Random question: what is the temperature in Miami right now, in kelvin?',
  [weather('now', 'get_current_weather_tool', 'Miami'), convert('k', 'temperature', 0, 'celsius', 'kelvin', 'now')],
  'Zero Celsius is 273.15 K.',
  ['273.15'],
)

const marathon = draft(
  'Convert the marathon distance of 42.195 kilometers to miles with the length converter.',
  "I'm signing up for my first marathon, 42.195 km. What is that in miles?",
  [convert('miles', 'length', 42.195, 'kilometer', 'mile')],
  'A marathon is about 26.219 miles.',
  ['26.219'],
)

const londonKelvin = draft(
  'Get the live temperature in London and convert it from Celsius to kelvin.',
  'For a class demo I need the temperature in London right now, in kelvin. Can you work it out?',
  [weather('now', 'get_live_temp', 'London'), convert('k', 'temperature', 17.9, 'celsius', 'kelvin', 'now')],
  'London is at 17.9 °C, which is 291.05 K.',
  ['17.9', '291.05'],
)

/** The cases, in the order synthesis asks for them. */
export const SYNTH_CASES: Case[] = [
  { name: 'passes', servers: CROSS, first: denver },
  { name: 'repaired', servers: UNITS, first: kilometre, repair: kilometer },
  { name: 'unknown tool', servers: CROSS, first: humidity, repair: humidity },
  { name: 'failing call', servers: UNITS, first: belowZero, repair: belowZero },
  { name: 'fact not in the outputs', servers: CROSS, first: madeUpFact, repair: madeUpFact },
  { name: 'unparseable', servers: UNITS, first: 'Sure! Here is a great task: convert some units.' },
  { name: 'low utility', servers: CROSS, first: trivia, scores: { solvability: 10, utility: 3 } },
  { name: 'passes', servers: UNITS, first: marathon },
  { name: 'passes', servers: CROSS, first: londonKelvin },
]

function text(draft: Draft | string): string {
  return typeof draft === 'string' ? draft : `Here is the task.\n\`\`\`json\n${JSON.stringify(draft, null, 2)}\n\`\`\``
}

/** The function script for `startScriptedModel({ script })`. */
export function synthScript(cases: readonly Case[] = SYNTH_CASES): (request: RecordedRequest) => ScriptedTurn {
  let generated = 0
  return (request) => {
    const messages = request.body.messages as Array<{ role: string; content: string }>
    const system = messages[0]?.content
    if (system === GENERATE_SYSTEM && messages.length === 2) {
      const c = cases[generated++]
      if (!c) throw new Error(`synth script: no case for generation request ${generated}`)
      const servers = /^Servers: (.*)$/m.exec(messages[1]!.content)?.[1]
      if (servers !== c.servers)
        throw new Error(`synth script: case ${generated} (${c.name}) expects servers "${c.servers}", the prompt has "${servers}"`)
      return { content: text(c.first) }
    }
    if (system === GENERATE_SYSTEM) {
      const previous = messages.at(-2)!.content
      const c = cases.find((k) => text(k.first) === previous)
      if (!c?.repair) throw new Error('synth script: a repair request for a draft with no scripted repair')
      return { content: text(c.repair) }
    }
    if (system === QUALITY_SYSTEM) {
      const prompt = messages[1]!.content
      const c = cases.find((k) => typeof k.first !== 'string' && prompt.includes(k.first.task))
      const scores = c?.scores ?? { solvability: 9.5, utility: 7 }
      const utilityFeedback = scores.utility < 5 ? 'A curiosity; nobody needs Miami in kelvin.' : 'A common need.'
      return { content: JSON.stringify({ ...scores, solvabilityFeedback: 'Every input is given.', utilityFeedback }) }
    }
    throw new Error(`synth script: unexpected request (${String(system).slice(0, 60)})`)
  }
}
