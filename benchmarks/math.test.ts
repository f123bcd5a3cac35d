import { mcpTask } from 'vitest-mcp-bench'

mcpTask(
  'math/harvest-report',
  {
    servers: ['math'],
    category: 'single-server/sequential',
    prompt:
      'Use the math tools to add the two field harvests, 120 t and 150 t, then multiply the total by the price of $30 per tonne. Report the total tonnage and the revenue.',
    fuzzy:
      'We brought in 120 tonnes from the north field and 150 from the south one. At $30 a tonne, how much did we harvest in total and what is it worth?',
    reference: {
      calls: [
        { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
        { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
      ],
      answer: 'The harvest totals 270 t, worth $8,100 at $30 per tonne.',
      facts: ['270', '8,100'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('math.sum', { numbers: [120, 150] })
    expect(run).toFollowDependencies()
    expect(run).toComplyWithSchemas()
  },
)

mcpTask('math/class-statistics', {
  servers: ['math'],
  category: 'single-server/parallel',
  prompt:
    'For the exam scores 72, 85, 90, 66 and 85, use the math tools to compute the mean, the maximum and the minimum score, and report the mean and the range (maximum minus minimum).',
  fuzzy:
    'My five students scored 72, 85, 90, 66 and 85 on the exam. What was the average score, and how many points lie between the top and the bottom score?',
  reference: {
    calls: [
      { id: 'mean', tool: 'math.mean', args: { numbers: [72, 85, 90, 66, 85] } },
      { id: 'min', tool: 'math.min', args: { numbers: [72, 85, 90, 66, 85] } },
      { id: 'max', tool: 'math.max', args: { numbers: [72, 85, 90, 66, 85] } },
    ],
    answer: 'The mean score is 79.6, and the scores span 24 points, from 66 up to 90.',
    // The median and the top score are scores the prompt already lists, so an echo would meet them:
    // the facts are what the tools compute.
    facts: ['79.6', { value: '24', derived: 'the maximum (90) minus the minimum (66)' }],
  },
})
