import { mcpTask } from 'vitest-mcp-bench'

// The stand-in answers each task with the answer test/e2e/ui.test.ts gives it: right for the first, short of a fact for the second.
mcpTask('ui/harvest', {
  servers: ['math'],
  prompt: 'Add the harvests 120 t and 150 t with the math tools and report the total.',
  reference: {
    calls: [{ id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } }],
    answer: 'The harvest totals 270 t.',
    facts: ['270'],
  },
})

mcpTask('ui/revenue', {
  servers: ['math'],
  prompt: 'Multiply 270 t by $30 per tonne with the math tools and report the revenue.',
  reference: {
    calls: [{ id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 } }],
    answer: 'The revenue is $8,100 per tonne sold.',
    facts: ['8,100', 'per tonne'],
  },
})
