import { describe, expect, it } from 'vitest'
import { parseFinalReply, parseReactStep } from '../../src/runtime/agents/react-parser.ts'
import type { AgentTool } from '../../src/runtime/agents/types.ts'

const tool = (server: string, name: string): AgentTool => ({
  name: `${server}__${name}`,
  server,
  tool: name,
  description: '',
  inputSchema: { type: 'object' },
})
const tools = [tool('math', 'add'), tool('math', 'multiply'), tool('wiki', 'search')]
const parse = (text: string | null) => parseReactStep(text, tools)

describe('parseReactStep: the well-formed steps', () => {
  it('reads a thought, one action and its JSON input', () => {
    const step = parse('Thought: I need the sum first.\nAction: math__add\nAction Input: {"firstNumber": 2, "secondNumber": 3}')
    expect(step).toEqual({
      kind: 'action',
      thought: 'I need the sum first.',
      tool: 'math__add',
      known: true,
      input: { firstNumber: 2, secondNumber: 3 },
      step: 'Thought: I need the sum first.\nAction: math__add\nAction Input: {"firstNumber": 2, "secondNumber": 3}',
    })
  })

  it('reads a final answer, keeping every line after its label', () => {
    expect(parse('Thought: I have both numbers.\nFinal Answer: The total is 270 t.\nThat is worth $8,100.')).toEqual({
      kind: 'answer',
      thought: 'I have both numbers.',
      answer: 'The total is 270 t.\nThat is worth $8,100.',
    })
    // A line in the answer that looks like a label is part of the answer, not a second step.
    expect(parse('Final Answer: Done.\nAction: none needed')).toMatchObject({ kind: 'answer', answer: 'Done.\nAction: none needed' })
  })

  it('accepts `server.tool` names and multi-line JSON input', () => {
    expect(parse('Thought: search\nAction: wiki.search\nAction Input: {\n  "query": "Ada Lovelace"\n}')).toMatchObject({
      kind: 'action',
      tool: 'wiki.search',
      known: true,
      input: { query: 'Ada Lovelace' },
    })
  })
})

describe('parseReactStep: forgiving where nothing is at stake', () => {
  it('tolerates a missing "Thought:" label, taking the leading text as the thought', () => {
    expect(parse('I should add them.\nAction: math__add\nAction Input: {"firstNumber": 1, "secondNumber": 1}')).toMatchObject({
      kind: 'action',
      thought: 'I should add them.',
      tool: 'math__add',
    })
    expect(parse('Action: math__add\nAction Input: {}')).toMatchObject({ kind: 'action', thought: '', input: {} })
    expect(parse('Final Answer: 42')).toEqual({ kind: 'answer', thought: '', answer: '42' })
  })

  it('tolerates case, spacing, blank lines, markdown emphasis and step numbers in the labels', () => {
    const messy =
      '  **thought 2:** add them\n\n  ACTION :   `math__add`  \n\n**Action input**:   {"firstNumber": 1, "secondNumber": 2}   \n'
    expect(parse(messy)).toMatchObject({
      kind: 'action',
      thought: 'add them',
      tool: 'math__add',
      input: { firstNumber: 1, secondNumber: 2 },
    })
    expect(parse('final answer: 3')).toMatchObject({ kind: 'answer', answer: '3' })
    expect(parse('Thought: x\r\nAction: math__add\r\nAction_Input: {}')).toMatchObject({ kind: 'action', input: {} })
  })

  it('tolerates code fences around the whole reply and around the input', () => {
    expect(parse('```\nThought: add\nAction: math__add\nAction Input: {"firstNumber": 1, "secondNumber": 2}\n```')).toMatchObject({
      kind: 'action',
      tool: 'math__add',
      input: { firstNumber: 1, secondNumber: 2 },
    })
    expect(parse('Thought: add\nAction: math__add\nAction Input:\n```json\n{"firstNumber": 1, "secondNumber": 2}\n```')).toMatchObject({
      kind: 'action',
      input: { firstNumber: 1, secondNumber: 2 },
    })
    expect(parse('Action: math__add\nAction Input: `{"firstNumber": 1}`')).toMatchObject({ kind: 'action', input: { firstNumber: 1 } })
  })

  it('ignores the reasoning block of thinking models, drafts and all', () => {
    const reply =
      '<think>\nMaybe:\nAction: math__multiply\nAction Input: {}\nNo, add first.\n</think>\n\nThought: add first\nAction: math__add\nAction Input: {"firstNumber": 1, "secondNumber": 2}'
    expect(parse(reply)).toMatchObject({
      kind: 'action',
      tool: 'math__add',
      step: 'Thought: add first\nAction: math__add\nAction Input: {"firstNumber": 1, "secondNumber": 2}',
    })
    expect(parse('<think>Final Answer: 3?</think>')).toMatchObject({ kind: 'malformed', problem: 'empty' })
    expect(parseFinalReply('<think>hmm</think>\nIt is 3.', tools)).toMatchObject({ kind: 'answer', answer: 'It is 3.' })
  })

  it('drops an Observation the model wrote itself, and everything after it', () => {
    const step = parse(
      'Thought: add\nAction: math__add\nAction Input: {"firstNumber": 2, "secondNumber": 3}\nObservation: 5\nThought: done\nFinal Answer: 5',
    )
    expect(step).toMatchObject({ kind: 'action', tool: 'math__add' })
    expect((step as { step: string }).step).toBe('Thought: add\nAction: math__add\nAction Input: {"firstNumber": 2, "secondNumber": 3}')
  })
})

describe('parseReactStep: strict where it changes what runs', () => {
  it('takes the tool name exactly as written: a bare or mis-cased name is not resolved', () => {
    expect(parse('Action: add\nAction Input: {}')).toMatchObject({ kind: 'action', tool: 'add', known: false })
    expect(parse('Action: Math__Add\nAction Input: {}')).toMatchObject({ kind: 'action', tool: 'Math__Add', known: false })
    expect(parse('Action: math__power\nAction Input: {}')).toMatchObject({ kind: 'action', tool: 'math__power', known: false })
  })

  it('rejects input that is not JSON, or not a JSON object, without repairing it', () => {
    expect(parse('Action: math__add\nAction Input: {firstNumber: 2}')).toMatchObject({
      kind: 'malformed',
      problem: 'input',
      reason: expect.stringMatching(/^the Action Input is not valid JSON \(/),
    })
    expect(parse('Action: math__add\nAction Input: {"firstNumber": 2,}')).toMatchObject({ kind: 'malformed', problem: 'input' })
    expect(parse('Action: math__add\nAction Input: [1, 2]')).toMatchObject({
      kind: 'malformed',
      reason: "the Action Input must be a JSON object of the tool's arguments",
    })
    expect(parse('Action: math__add\nAction Input: {"a": 1}\nI will wait for the result.')).toMatchObject({
      kind: 'malformed',
      problem: 'input',
    })
    expect(parse('Action: math__add\nAction Input:')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/is empty; write \{\}/),
    })
    expect(parse('Thought: add\nAction: math__add')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/no "Action Input:" line/),
    })
  })

  it('rejects a reply with no step, several actions, or an action and an answer together', () => {
    expect(parse('I think the answer is 5.')).toMatchObject({
      kind: 'malformed',
      problem: 'no-step',
      reason: 'the reply has neither an "Action:" line nor a "Final Answer:" line',
    })
    expect(parse('   ')).toMatchObject({ kind: 'malformed', problem: 'empty' })
    expect(parse(null)).toMatchObject({ kind: 'malformed', problem: 'empty' })
    expect(parse('Final Answer:   ')).toMatchObject({ kind: 'malformed', problem: 'empty', reason: 'the Final Answer is empty' })
    expect(parse('Action: math__add\nAction Input: {}\nAction: math__multiply\nAction Input: {}')).toMatchObject({
      kind: 'malformed',
      reason: 'the reply has 2 Actions; write one Action per step and wait for its Observation',
    })
    expect(parse('Action: math__add\nAction Input: {}\nFinal Answer: 5')).toMatchObject({
      kind: 'malformed',
      problem: 'structure',
      reason: expect.stringMatching(/both an Action and a Final Answer/),
    })
    expect(parse('Thought: hmm\nObservation: 5\nFinal Answer: 5')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/do not write it yourself/),
    })
  })

  it('rejects an Action line that carries its arguments or more than one name', () => {
    expect(parse('Action: math__add({"firstNumber": 1})\nAction Input: {}')).toMatchObject({
      kind: 'malformed',
      problem: 'action',
      reason: expect.stringMatching(/own "Action Input:" line/),
    })
    expect(parse('Action: math__add then math__multiply\nAction Input: {}')).toMatchObject({ kind: 'malformed', problem: 'action' })
    expect(parse('Action:\nAction Input: {}')).toMatchObject({ kind: 'malformed', reason: 'the Action names no tool' })
  })
})

describe('parseFinalReply (after the step limit)', () => {
  it('takes a labelled answer, or an unlabelled reply whole', () => {
    expect(parseFinalReply('Thought: enough\nFinal Answer: 270 t', tools)).toMatchObject({ kind: 'answer', answer: '270 t' })
    expect(parseFinalReply('  The harvest is 270 t.  ', tools)).toEqual({ kind: 'answer', thought: '', answer: 'The harvest is 270 t.' })
  })

  it('refuses one more action, and an empty reply', () => {
    expect(parseFinalReply('Action: math__add\nAction Input: {}', tools)).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/requested the action math__add instead/),
    })
    expect(parseFinalReply('', tools)).toMatchObject({ kind: 'malformed', problem: 'empty' })
  })
})
