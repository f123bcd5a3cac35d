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
  reference: { calls: Array<{ id: string; tool: string; args: Record<string, unknown>; after?: string[] }>; answer: string; facts: unknown[]; dependencyAnalysis?: string }
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

const denver: Draft = {
  task: 'Get the current weather in Denver and convert its Celsius temperature to Fahrenheit with the temperature converter. Report both values.',
  fuzzy: "I'm flying into Denver tonight and my phone only shows Celsius. How warm is it there right now, in Fahrenheit too?",
  reference: {
    calls: [
      { id: 'now', tool: 'weather.get_current_weather_tool', args: { city: 'Denver' } },
      { id: 'f', tool: 'unit-converter.convert_temperature', args: { value: 12.5, from_unit: 'celsius', to_unit: 'fahrenheit' }, after: ['now'] },
    ],
    answer: 'Denver is at 12.5 °C right now, which is 54.5 °F.',
    facts: ['12.5', '54.5'],
    dependencyAnalysis: 'The conversion needs the temperature the weather call returns.',
  },
}

const kilometre: Draft = {
  task: 'Convert a 5 kilometre run to miles with the length converter and report the distance.',
  fuzzy: 'My training plan says 5 km for Saturday. How many miles is that?',
  reference: {
    calls: [{ id: 'miles', tool: 'unit-converter.convert_length', args: { value: 5, from_unit: 'kilometre', to_unit: 'mile' } }],
    answer: '5 km is about 3.107 miles.',
    facts: ['3.107'],
  },
}
const kilometer: Draft = {
  ...kilometre,
  reference: { ...kilometre.reference, calls: [{ id: 'miles', tool: 'unit-converter.convert_length', args: { value: 5, from_unit: 'kilometer', to_unit: 'mile' } }] },
}

const humidity: Draft = {
  task: 'Look up the humidity in Paris and convert the temperature there to kelvin.',
  fuzzy: 'Is it muggy in Paris today? And what is the temperature in kelvin, for my physics homework?',
  reference: {
    calls: [
      { id: 'h', tool: 'weather.get_humidity', args: { city: 'Paris' } },
      { id: 'k', tool: 'unit-converter.convert_temperature', args: { value: 20, from_unit: 'celsius', to_unit: 'kelvin' }, after: ['h'] },
    ],
    answer: 'Paris has 60% humidity at 293.15 K.',
    facts: ['293.15'],
  },
}

const belowZero: Draft = {
  task: 'Convert -10 kelvin to Celsius with the temperature converter.',
  fuzzy: 'My lab notes say -10 K. What is that in Celsius?',
  reference: {
    calls: [{ id: 'c', tool: 'unit-converter.convert_temperature', args: { value: -10, from_unit: 'kelvin', to_unit: 'celsius' } }],
    answer: '-10 K is -283.15 °C.',
    facts: ['-283.15'],
  },
}

const madeUpFact: Draft = {
  task: 'Get the current weather in London and convert its Celsius temperature to Fahrenheit.',
  fuzzy: 'Heading to London tomorrow. How warm is it there right now, in Fahrenheit?',
  reference: {
    calls: [
      { id: 'now', tool: 'weather.get_current_weather_tool', args: { city: 'London' } },
      { id: 'f', tool: 'unit-converter.convert_temperature', args: { value: 17.9, from_unit: 'celsius', to_unit: 'fahrenheit' }, after: ['now'] },
    ],
    answer: 'London is at 17.9 °C, which is 99.1 °F.',
    facts: ['17.9', '99.1'],
  },
}

const trivia: Draft = {
  task: 'Get the current weather in Miami and convert its Celsius temperature to kelvin.',
  fuzzy: 'Random question: what is the temperature in Miami right now, in kelvin?',
  reference: {
    calls: [
      { id: 'now', tool: 'weather.get_current_weather_tool', args: { city: 'Miami' } },
      { id: 'k', tool: 'unit-converter.convert_temperature', args: { value: 0, from_unit: 'celsius', to_unit: 'kelvin' }, after: ['now'] },
    ],
    answer: 'Zero Celsius is 273.15 K.',
    facts: ['273.15'],
  },
}

const marathon: Draft = {
  task: 'Convert the marathon distance of 42.195 kilometers to miles with the length converter.',
  fuzzy: "I'm signing up for my first marathon, 42.195 km. What is that in miles?",
  reference: {
    calls: [{ id: 'miles', tool: 'unit-converter.convert_length', args: { value: 42.195, from_unit: 'kilometer', to_unit: 'mile' } }],
    answer: 'A marathon is about 26.219 miles.',
    facts: ['26.219'],
  },
}

const londonKelvin: Draft = {
  task: 'Get the live temperature in London and convert it from Celsius to kelvin.',
  fuzzy: 'For a class demo I need the temperature in London right now, in kelvin. Can you work it out?',
  reference: {
    calls: [
      { id: 'now', tool: 'weather.get_live_temp', args: { city: 'London' } },
      { id: 'k', tool: 'unit-converter.convert_temperature', args: { value: 17.9, from_unit: 'celsius', to_unit: 'kelvin' }, after: ['now'] },
    ],
    answer: 'London is at 17.9 °C, which is 291.05 K.',
    facts: ['17.9', '291.05'],
  },
}

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
      if (servers !== c.servers) throw new Error(`synth script: case ${generated} (${c.name}) expects servers "${c.servers}", the prompt has "${servers}"`)
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
