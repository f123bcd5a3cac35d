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
