import { describe, expect, it } from 'vitest'
import { TaskSpecSchema, type TaskSpecInput } from '../../src/contracts/task-spec.ts'
import {
  factsInPromptProblems,
  forbidProblems,
  hasStateCheck,
  lintTasks,
  states,
  unitProblems,
  type LintedTask,
} from '../../src/lint/suite-lint.ts'

/** A well-formed task whose fuzzy text and facts the tests vary. */
function task(
  id: string,
  fuzzy: string,
  facts: NonNullable<TaskSpecInput['reference']>['facts'],
  extra: Partial<TaskSpecInput> = {},
  checks?: LintedTask['checks'],
): LintedTask {
  const spec = TaskSpecSchema.parse({
    servers: ['math'],
    category: 'single-server/single',
    prompt: 'Add 120 and 150 with the math tools.',
    fuzzy,
    reference: {
      calls: [{ id: 'sum', tool: 'math.sum', args: { numbers: [120, 150] } }],
      answer: 'It comes to 270 in all, and Paris wins.',
      facts,
    },
    ...extra,
  })
  return { id, spec, checks }
}

describe('states: whether a prompt already says a fact', () => {
  it('finds a number only when the prompt has the same value', () => {
    expect(states('We harvested 1,555 tonnes.', '1555')).toBe(true)
    expect(states('It costs $30.', 30)).toBe(true)
    // A fit of 1.99 is not given away by an x of 2 in the data, though a lenient matcher may take one for the other.
    expect(states('The points are at x = 1, 2 and 3.', '1.99')).toBe(false)
  })

  it('finds words as whole words, case-insensitively', () => {
    expect(states('Is it Potentially Hazardous?', 'potentially hazardous')).toBe(true)
    expect(states('The Child-Pugh class, please.', 'Child-Pugh C')).toBe(false)
    expect(states('Should she be anticoagulated?', 'anticoagulation')).toBe(false)
  })
})

describe('factsInPromptProblems', () => {
  it("fails a fact the agent's prompt already states, naming the task and the fact", () => {
    const echo = task('echo', 'My scores were 72, 85 and 90. What is the top score, and the total?', ['90', '247'])
    expect(factsInPromptProblems([echo])).toEqual([expect.stringMatching(/^echo: fact "90" is in the prompt/)])
  })

  it('checks every accepted spelling, not just the value', () => {
    const spelled = task('spelled', 'Is it 15 weeks and 1 day along?', [{ value: '15w1d', anyOf: ['15 weeks and 1 day'] }])
    expect(factsInPromptProblems([spelled])).toEqual([expect.stringContaining('"15 weeks and 1 day"')])
  })

  it('passes facts the prompt does not contain', () => {
    expect(factsInPromptProblems([task('fine', 'Add up 120 t and 150 t for me.', ['270'])])).toEqual([])
  })

  it('reads the concrete prompt when that is what the agent sees', () => {
    const concrete = task('concrete', 'Add the two fields.', ['270'], {
      useConcretePrompt: true,
      prompt: 'Confirm that 120 + 150 = 270 with the math tools.',
    })
    expect(factsInPromptProblems([concrete])).toHaveLength(1)
  })

  it('lets a choice fact that forbids the other candidates repeat a name from the prompt', () => {
    const choice = task('choice', 'Paris or London: which is warmer? Name just the one.', [{ value: 'Paris', forbid: ['London'] }])
    expect(factsInPromptProblems([choice])).toEqual([])
  })

  it('exempts a task whose checks read the end state, and only such a task', () => {
    const fuzzy = 'Please remember that Ada works on the parser.'
    const stateChecked = task(
      'state',
      fuzzy,
      ['Ada'],
      {},
      async ({ run, expect }: { run: unknown; expect: (v: unknown) => { toHaveServerState: (...a: unknown[]) => Promise<void> } }) => {
        await expect(run).toHaveServerState('memory', { tool: 'read_graph' }, {})
      },
    )
    const fileChecked = task(
      'file',
      fuzzy,
      ['Ada'],
      {},
      ({ run, expect }: { run: unknown; expect: (v: unknown) => { toHaveFile: (...a: unknown[]) => void } }) => {
        expect(run).toHaveFile('filesystem', 'ada.txt', /parser/)
      },
    )
    const callChecked = task(
      'calls',
      fuzzy,
      ['Ada'],
      {},
      ({ run, expect }: { run: unknown; expect: (v: unknown) => { toCallTool: (t: string) => void } }) => {
        expect(run).toCallTool('memory.create_entities')
      },
    )
    expect([stateChecked, fileChecked, callChecked].map(hasStateCheck)).toEqual([true, true, false])
    expect(factsInPromptProblems([stateChecked, fileChecked, callChecked])).toEqual([expect.stringMatching(/^calls: fact "Ada"/)])
  })
})

describe('forbidProblems', () => {
  it('fails a reference answer that names a forbidden candidate', () => {
    const hedged = task('hedged', 'Which city is warmer?', [{ value: 'Paris', forbid: ['London'] }])
    hedged.spec.reference!.answer = 'Paris is warmer than London.'
    expect(forbidProblems([hedged])).toEqual(['hedged: the reference answer states the forbidden "London"'])
  })

  it('fails a fact that forbids one of its own spellings, and one the reference answer does not meet', () => {
    const own = task('own', 'Which city?', [{ value: 'Paris', anyOf: ['paris'], forbid: ['PARIS'] }])
    const missed = task('missed', 'Which city?', [{ value: 'Lyon', forbid: ['London'] }])
    expect(forbidProblems([own, missed])).toEqual([
      'own: fact "Paris" forbids its own spelling "PARIS"',
      'own: the reference answer states the forbidden "PARIS"',
      'missed: the reference answer meets no spelling of "Lyon"',
    ])
  })

  it('passes a choice the reference answer makes cleanly', () => {
    expect(forbidProblems([task('clean', 'Which city is warmer?', [{ value: 'Paris', forbid: ['London'] }])])).toEqual([])
  })
})

describe('unitProblems', () => {
  it('fails a unit fact with a spelling that is not a number, and passes one that is all numbers', () => {
    const worded = task('worded', 'How high is it?', [{ value: 2320, unit: 'm', anyOf: ['about 7,600 feet'] }])
    const numeric = task('numeric', 'How high is it?', [{ value: '2,320', unit: 'm', anyOf: ['2320.0'] }])
    expect(unitProblems([worded, numeric])).toEqual(['worded: fact 2320 has a unit (m) but "about 7,600 feet" is not a number'])
  })
})

describe('lintTasks', () => {
  it('runs the prompt and choice rules with the others', () => {
    const problems = lintTasks([task('echo', 'Is 270 the total of 120 and 150?', ['270'])], new Map())
    expect(problems).toContainEqual(expect.stringMatching(/^echo: fact "270" is in the prompt/))
  })
})
