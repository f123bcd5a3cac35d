import { describe, expect, it } from 'vitest'
import { answerLimitBreach, DEFAULT_ANSWER_LIMITS, distinctNumbers } from '../../src/runtime/checks/answer-limits.ts'
import { goalsMet, mentionsFact, missingFacts, ungroundedFacts } from '../../src/scoring/facts.ts'
import { factsVerdict, toolUseVerdict } from '../../src/runtime/checks/verdicts.ts'
import { judgeDecision } from '../../src/runtime/task/harness-checks.ts'
import { FactSchema, TaskSpecSchema, type Fact, type TaskSpecInput } from '../../src/contracts/task-spec.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import type { ToolCallRecord } from '../../src/contracts/trajectory.ts'
import { numberSpray } from '../support/hedging-agents.ts'
import { passFail, rubric } from '../support/judge-results.ts'
import { call, trajectory } from '../support/trajectories.ts'

/** A run of a task on the `math` server (with `time` as a distractor) that answered `answer` after `calls`. */
function run(answer: string | null, spec: Partial<TaskSpecInput> = {}, calls: ToolCallRecord[] = [call()]): TaskRun {
  const parsed = TaskSpecSchema.parse({ servers: ['math'], prompt: 'p', ...spec })
  return { kind: 'mcp-bench-run', taskId: 't', agent: 'A', spec: parsed, trajectory: trajectory(calls, { answer }) } as unknown as TaskRun
}

describe('other spellings (anyOf)', () => {
  const weeks: Fact = { value: '15w1d', anyOf: ['15 weeks 1 day', '15 weeks and 1 day'] }

  it('accepts any listed spelling and nothing else', () => {
    expect(mentionsFact('She is 15w1d today.', weeks)).toBe(true)
    expect(mentionsFact('She is 15 weeks and 1 day pregnant.', weeks)).toBe(true)
    expect(mentionsFact('She is 15 Weeks 1 Day along.', weeks)).toBe(true)
    expect(mentionsFact('She is 16 weeks and 1 day pregnant.', weeks)).toBe(false)
    expect(mentionsFact('She is 15 weeks and 2 days pregnant.', weeks)).toBe(false)
  })

  it('takes the first spelling as the value when there is no `value`', () => {
    expect(mentionsFact('Hoodoo Lodge & RV', { anyOf: ['Hoodoo Lodge & RV', 'Hoodoo Lodge'] })).toBe(true)
    expect(FactSchema.safeParse({ anyOf: ['a'] }).success).toBe(true)
    expect(FactSchema.safeParse({ goal: 'x' }).success).toBe(false)
  })

  it('grounds a fact in any of its spellings', () => {
    expect(ungroundedFacts([weeks], ['{"gestational_age": "15 weeks 1 day"}'])).toEqual([])
    expect(ungroundedFacts([weeks], ['{"gestational_age": "16w0d"}'])).toEqual([weeks])
    expect(ungroundedFacts([{ value: 2320, unit: 'm' }], ['{"elevation": "7,612 ft"}'])).toEqual([])
  })
})

describe('unit-aware numbers', () => {
  const elevation: Fact = { value: '2,320', unit: 'm' }

  it("converts lengths, and counts a bare number in the fact's unit", () => {
    expect(mentionsFact('It stands at 7,612 ft.', elevation)).toBe(true)
    expect(mentionsFact('It stands at 7612 feet.', elevation)).toBe(true)
    expect(mentionsFact('It stands at 2.32 km.', elevation)).toBe(true)
    expect(mentionsFact('It stands at 2,320 metres.', elevation)).toBe(true)
    expect(mentionsFact('Elevation: 2320.', elevation)).toBe(true)
    expect(mentionsFact('It stands at 2,320 ft.', elevation)).toBe(false)
    expect(mentionsFact('Winds of 2,320 km/h.', elevation)).toBe(false) // a speed is no length
    expect(mentionsFact('It stands at 7,000 ft.', elevation)).toBe(false)
  })

  it('tells decimal from binary data sizes (GB from GiB)', () => {
    const memory: Fact = { value: 15.24, unit: 'GB' }
    expect(mentionsFact('It needs 15.24 GB of memory.', memory)).toBe(true)
    expect(mentionsFact('It needs 14.19 GiB of memory.', memory)).toBe(true)
    expect(mentionsFact('It needs 15.24 GiB of memory.', memory)).toBe(false)
    expect(mentionsFact('It needs 15,240 MB.', memory)).toBe(true)
  })

  it('converts temperatures as readings, in °C, °F and K', () => {
    const fever: Fact = { value: 37.1, unit: '°C' }
    expect(mentionsFact('Highs of 37.1°C.', fever)).toBe(true)
    expect(mentionsFact('Highs of 98.8 °F.', fever)).toBe(true)
    expect(mentionsFact('Highs of 98.8 degrees Fahrenheit.', fever)).toBe(true)
    expect(mentionsFact('Highs of 310.25 K.', fever)).toBe(true)
    expect(mentionsFact('Highs of 37.1 °F.', fever)).toBe(false)
    // "in" is a preposition here, not inches: the bare 12.5 counts in °C.
    expect(mentionsFact('It is 12.5 in Denver.', { value: 12.5, unit: '°C' })).toBe(true)
  })

  it('converts mass, speed, volume and time, compound quantities included', () => {
    expect(mentionsFact('210 lb is 95.25 kg.', { value: 95.25, unit: 'kg' })).toBe(true)
    expect(mentionsFact('He weighs 210 lbs.', { value: 95.25, unit: 'kg' })).toBe(true)
    expect(mentionsFact('Top speed 62.1 mph.', { value: 100, unit: 'km/h' })).toBe(true)
    expect(mentionsFact('About 3.785 L.', { value: 1, unit: 'gal' })).toBe(true)
    expect(mentionsFact('The drive takes 1 hour 14 min.', { value: 74, unit: 'min' })).toBe(true)
    expect(mentionsFact('The drive takes 1 h and 14 minutes.', { value: 74, unit: 'min' })).toBe(true)
    expect(mentionsFact('The drive takes 1 hour 15 min.', { value: 74, unit: 'min' })).toBe(false)
    expect(mentionsFact('She is 15 weeks and 1 day pregnant.', { value: 106, unit: 'days' })).toBe(true)
    expect(mentionsFact('She is 5 feet 4 inches tall.', { value: 162.56, unit: 'cm' })).toBe(true)
  })

  it('accepts an alternative written with its own unit', () => {
    expect(mentionsFact('7,612 ft', { value: 2320, unit: 'm', anyOf: ['7,612 ft'] })).toBe(true)
  })

  it('rejects a unit it does not know, naming it', () => {
    const parsed = FactSchema.safeParse({ value: 3, unit: 'furlongs' })
    expect(parsed.success).toBe(false)
    expect(JSON.stringify(parsed.error?.issues)).toContain('unknown unit \\"furlongs\\"')
  })
})

describe('values a fact forbids', () => {
  const park: Fact = { value: 'Canyonlands', forbid: ['Arches', 'Zion'] }

  it('fails an answer that names a rejected candidate too', () => {
    expect(mentionsFact('Go to Canyonlands.', park)).toBe(true)
    expect(mentionsFact('Go to Canyonlands or Arches.', park)).toBe(false)
    expect(mentionsFact('Canyonlands, Arches, Zion: one of them.', park)).toBe(false)
    // Text forbids are whole words.
    expect(mentionsFact('Go to Canyonlands; stay in Archesville.', park)).toBe(true)
  })

  it('forbids numbers by the number rule', () => {
    const visitors: Fact = { value: 435, forbid: [546] }
    expect(mentionsFact('435 visitors a day.', visitors)).toBe(true)
    expect(mentionsFact('435 or 546.0 visitors a day.', visitors)).toBe(false)
    expect(mentionsFact('435 visitors on 2025-05-46.', visitors)).toBe(true)
  })

  it('says in the verdict which forbidden value the answer named', () => {
    const verdict = factsVerdict(run('Canyonlands or Arches, take your pick.', { reference: { facts: [park] } }))
    expect(verdict).toMatchObject({ pass: false, rule: 'forbidden-value' })
    expect(verdict.message).toContain('it also names "Arches", which the task rules out')
  })
})

describe('a number stands alone', () => {
  it('does not find a number inside a date, a time, a code or a phone number', () => {
    expect(mentionsFact('The storm began on 2024-05-10.', '10')).toBe(false)
    expect(mentionsFact('It arrived at 10:17.', '10')).toBe(false)
    expect(mentionsFact('An X8.7 flare.', '8.7')).toBe(false)
    expect(mentionsFact('Call (435) 555-0139.', '555')).toBe(false)
    expect(mentionsFact('Her age is 15w1d.', '15')).toBe(false)
  })

  it('finds it with a unit, a sign, a currency, in a blood pressure or a list', () => {
    expect(mentionsFact('It is 10 km away.', '10')).toBe(true)
    expect(mentionsFact('It is 10km away.', '10')).toBe(true)
    expect(mentionsFact('Temperature: −5.237.', '-5.237')).toBe(true)
    expect(mentionsFact('Pay $20.00.', '$20.00')).toBe(true)
    expect(mentionsFact('Averaged to 115/73 mmHg.', '115')).toBe(true)
    expect(mentionsFact('Eigenvalues: 6, 1.', '1')).toBe(true)
  })

  it('does not find a text fact that ends in a digit inside a longer number', () => {
    expect(mentionsFact('Meet at 15:00.', '05:00')).toBe(false)
    expect(mentionsFact('Meet at 5:00.', '05:00')).toBe(true)
    expect(mentionsFact('Stay at Camp 40.', 'Camp 4')).toBe(false)
    expect(mentionsFact('Stay at Camp 4.', 'Camp 4')).toBe(true)
  })
})

describe('careful answers pass', () => {
  it('passes vectors, matrices and small tables', () => {
    expect(
      factsVerdict(
        run('Rotated by 90°, (3, 4) becomes (-4, 3).', { reference: { answer: 'The rotated vector is (-4, 3).', facts: ['-4', '3'] } }),
      ).pass,
    ).toBe(true)
    const matrix =
      'The matrix\n[[1, 2, 3],\n [0, 1, 4],\n [5, 6, 0]]\nhas determinant 1 and inverse\n[[-24, 18, 5],\n [20, -15, -4],\n [-5, 4, 1]].'
    expect(
      factsVerdict(
        run(matrix, { reference: { answer: 'Inverse: [[-24, 18, 5], [20, -15, -4], [-5, 4, 1]].', facts: ['-24', '-15', '-5'] } }),
      ).pass,
    ).toBe(true)
    const table = [
      '| day | high °C | low °C | rain mm | wind km/h |',
      '|---|---|---|---|---|',
      '| Mon | 37.1 | 21.4 | 0 | 12 |',
      '| Tue | 36.7 | 20.9 | 0.2 | 15 |',
      '| Wed | 36.4 | 20.1 | 1.5 | 18 |',
      '| Thu | 35.2 | 19.8 | 3.1 | 22 |',
      '| Fri | 34.9 | 19.5 | 0.4 | 9 |',
    ].join('\n')
    expect(factsVerdict(run(table, { reference: { answer: 'Moab: 37.1, 36.7 and 36.4 °C.', facts: ['37.1', '36.7', '36.4'] } })).pass).toBe(
      true,
    )
  })

  it('passes unit conversions and spelled-out durations', () => {
    const reference = { answer: 'BMI 30.13; he weighs 95.25 kg.', facts: [{ value: 95.25, unit: 'kg' }, '30.13'] }
    expect(factsVerdict(run('At 210 lb (95.25 kg) and 70 in. (177.8 cm) his BMI is 30.13.', { reference })).pass).toBe(true)
    const weeks = { answer: 'She is 15w1d.', facts: [{ value: '15w1d', anyOf: ['15 weeks 1 day', '15 weeks and 1 day'] }] }
    expect(factsVerdict(run('Today she is 15 weeks and 1 day along.', { reference: weeks })).pass).toBe(true)
  })
})

describe('answers too long, or too full of numbers, to check', () => {
  const reference = { answer: 'It is 37.1 °C in Moab.', facts: ['37.1'] }

  it('fails an answer far longer than the reference, with a floor for short references', () => {
    const long = `Moab is at 37.1 °C. ${'The weather is fine. '.repeat(80)}`
    const verdict = factsVerdict(run(long, { reference }))
    expect(verdict).toMatchObject({ pass: false, rule: 'answer-too-long' })
    expect(verdict.message).toMatch(
      /^answer too long to check: 1,\d{3} characters, where this task allows 1,500 \(8× the reference answer's 22, at least 1500\)/,
    )
    expect(factsVerdict(run(long.slice(0, 1_400), { reference })).pass).toBe(true)
    // Relative to a longer reference: 8 × 500 characters.
    expect(factsVerdict(run(long, { reference: { ...reference, answer: 'x'.repeat(500) } })).pass).toBe(true)
  })

  it("takes a task's own limit, and the run's, or none", () => {
    const short = 'Moab is at 37.1 °C, a hot and sunny day.'
    expect(factsVerdict(run(short, { reference: { ...reference, maxAnswerChars: 20 } })).message).toContain(
      "this task allows 20 (the task's maxAnswerChars)",
    )
    expect(factsVerdict(run(short, { reference }), undefined, { ...DEFAULT_ANSWER_LIMITS, minLength: 30, lengthFactor: 1 }).rule).toBe(
      'answer-too-long',
    )
    expect(factsVerdict(run(`37.1 ${numberSpray()}`, { reference }), undefined, false).pass).toBe(true)
  })

  it('fails an answer that states more numbers than a careful one would, when the task has number facts', () => {
    const listing = `Moab is at 37.1 °C. Other readings: ${Array.from({ length: 30 }, (_, i) => (20 + i / 10).toFixed(1)).join(', ')}.`
    const verdict = factsVerdict(run(listing, { reference }))
    expect(verdict).toMatchObject({ pass: false, rule: 'number-spray' })
    expect(verdict.message).toContain('the answer states more than 30 different numbers, where this task allows 30')
    // The same numbers do not hurt a task whose facts are all text.
    expect(factsVerdict(run(`${listing} It is sunny.`, { reference: { answer: 'Sunny.', facts: ['sunny'] } })).pass).toBe(true)
    expect(answerLimitBreach(listing, ['37.1'], { calls: [], facts: [], maxAnswerNumbers: 40 }, DEFAULT_ANSWER_LIMITS)).toBeNull()
  })

  it('counts different standalone numbers only', () => {
    expect(distinctNumbers('1,555 and 1555.0 and 1555 on 2025-06-15 at 10:17')).toBe(1)
    expect(distinctNumbers('1 2 3 4 5', 2)).toBe(3)
  })

  it('fails the prompt plus a spray of every number, by length, and by the number rule without a length limit', () => {
    const spray = `What is the high in Moab today? ${numberSpray()}`
    expect(missingFacts(spray, ['37.1', '2,146', '0.894427191'])).toEqual([]) // what the spray would win without the rules
    expect(factsVerdict(run(spray, { reference })).rule).toBe('answer-too-long')
    expect(factsVerdict(run(spray, { reference }), undefined, { ...DEFAULT_ANSWER_LIMITS, minLength: Number.MAX_SAFE_INTEGER }).rule).toBe(
      'number-spray',
    )
    expect(factsVerdict(run(spray.slice(0, 1_500), { reference })).rule).toBe('number-spray')
  })

  it('leaves no goal met for an answer it cannot check', async () => {
    const { record } = await import('../support/trajectories.ts')
    const facts = [{ value: '37.1', goal: 'weather' }]
    const answer = `37.1 ${numberSpray()}`
    expect(goalsMet(answer, facts)).toEqual({ met: 1, total: 1 })
    const r = record(
      {
        reference: { calls: [], facts, answer: 'x' },
        trajectory: trajectory([call()], { answer }),
        verdicts: [{ check: 'facts', pass: false, rule: 'answer-too-long' }],
      },
      'failed',
    )
    expect(r.goals).toEqual({ met: 0, total: 1 })
  })
})

describe('tool use', () => {
  const noCalls = run('The answer is 4.', {}, [])

  it('fails a task that names servers when no call to them succeeded, saying why', () => {
    expect(toolUseVerdict(noCalls)).toMatchObject({ pass: false, rule: 'no-own-server-call' })
    expect(toolUseVerdict(noCalls).message).toContain('own server (math), but it made no tool call')
    const elsewhere = run('4', { servers: ['math'] }, [call({ server: 'time', distractor: true }), call({ isError: true })])
    expect(toolUseVerdict(elsewhere).message).toContain('none of its 2 calls succeeded on them (1 failed, 1 went elsewhere)')
    expect(toolUseVerdict(run('4', {}, [call({ isError: true }), call()])).pass).toBe(true)
  })

  it("asks nothing of a run that has none of the task's servers (a variant turned them all off)", () => {
    const withoutServers = { ...noCalls, spec: { ...noCalls.spec, servers: [] } }
    expect(toolUseVerdict(withoutServers)).toEqual({ check: 'toolUse', pass: true })
  })

  it('exempts a task whose reference answers without calls', () => {
    expect(toolUseVerdict(run('4', { reference: { answer: 'Four.', facts: ['4'] } }, [])).pass).toBe(true)
    expect(toolUseVerdict(run('4', { reference: { facts: ['4'] } }, [])).pass).toBe(false)
  })

  it('lets no judge pass a judge-decided task without a call to its servers', () => {
    const decision = judgeDecision(rubric([10, 10, 10, 10, 10, 10]), 0.6, noCalls)
    expect(decision).toMatchObject({ check: 'judge', pass: false, rule: 'no-own-server-call' })
    expect(decision!.message).toMatch(/^the judge passed the answer, but the task expected agent A to make at least one successful call/)
    expect(judgeDecision(passFail(true), 0.6, noCalls)!.pass).toBe(false)
    expect(judgeDecision(rubric([10, 10, 10, 10, 10, 10]), 0.6, run('4'))).toEqual({ check: 'judge', pass: true })
    expect(judgeDecision(rubric([2, 10, 10, 10, 10, 10]), 0.6, noCalls)!.message).toMatch(/below the pass threshold/)
  })
})
