import { mcpTask } from 'vitest-mcp-bench'

mcpTask('math/harvest-report', {
  servers: ['math'],
  category: 'single-server/sequential',
  prompt: 'Use the math tools to add the two field harvests, 120 t and 150 t, then multiply the total by the price of $30 per tonne. Report the total tonnage and the revenue.',
  fuzzy: 'We brought in 120 tonnes from the north field and 150 from the south one. At $30 a tonne, how much did we harvest in total and what is it worth?',
  reference: {
    calls: [
      { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
      { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
    ],
    answer: 'The harvest totals 270 t, worth $8,100 at $30 per tonne.',
    facts: ['270', '8,100'],
  },
}, ({ run, expect }) => {
  expect(run).toCallTool('math.sum', { numbers: [120, 150] })
  expect(run).toFollowDependencies()
  expect(run).toComplyWithSchemas()
})

mcpTask('math/class-statistics', {
  servers: ['math'],
  category: 'single-server/parallel',
  prompt: 'For the exam scores 72, 85, 90, 66 and 85, use the math tools to compute the mean, the median and the maximum score, and report all three.',
  fuzzy: 'My five students scored 72, 85, 90, 66 and 85 on the exam. What were the average, the middle score and the top score?',
  reference: {
    calls: [
      { id: 'mean', tool: 'math.mean', args: { numbers: [72, 85, 90, 66, 85] } },
      { id: 'median', tool: 'math.median', args: { numbers: [72, 85, 90, 66, 85] } },
      { id: 'max', tool: 'math.max', args: { numbers: [72, 85, 90, 66, 85] } },
    ],
    answer: 'The mean score is 79.6, the median is 85 and the top score is 90.',
    // MCP-Bench's median tool answers "undefined" (its Statistics.median never returns), and so does the
    // fixture: the median is read off the sorted scores, not from a tool output.
    facts: ['79.6', { value: '85', derived: 'the middle of the five sorted scores' }, '90'],
  },
})
