import { mcpTask } from 'vitest-mcp-bench'

// A knowledge graph built in one turn of calls that each rewrite the same file, then changed: the result depends on
// the order the calls reach the server. And a shared, stateless server beside it.

mcpTask('state/remember-turing', {
  servers: ['memory'],
  prompt:
    'In one step, create the entities Alan Turing (person) and Bletchley Park (place) and the relation Alan Turing worked_at Bletchley Park. Then add the observation "broke Enigma" to Alan Turing, and read the graph.',
  reference: {
    calls: [
      {
        id: 'entities',
        tool: 'memory.create_entities',
        args: {
          entities: [
            { name: 'Alan Turing', entityType: 'person', observations: [] },
            { name: 'Bletchley Park', entityType: 'place', observations: [] },
          ],
        },
      },
      {
        id: 'relations',
        tool: 'memory.create_relations',
        args: { relations: [{ from: 'Alan Turing', to: 'Bletchley Park', relationType: 'worked_at' }] },
      },
      {
        id: 'observe',
        tool: 'memory.add_observations',
        args: { observations: [{ entityName: 'Alan Turing', contents: ['broke Enigma'] }] },
        after: ['entities', 'relations'],
      },
      { id: 'graph', tool: 'memory.read_graph', args: {}, after: ['observe'] },
    ],
    answer: 'Alan Turing worked at Bletchley Park and broke Enigma.',
    facts: ['Bletchley Park', 'Enigma'],
  },
})

mcpTask('state/sums', {
  servers: ['math'],
  // Drawn from the shared servers with the task's seed, and the seed recorded.
  distractors: 1,
  prompt: 'Add 120 and 150, and separately multiply 12 by 30, then report both.',
  reference: {
    calls: [
      { id: 'sum', tool: 'math.add', args: { firstNumber: 120, secondNumber: 150 } },
      { id: 'product', tool: 'math.multiply', args: { firstNumber: 12, SecondNumber: 30 } },
    ],
    answer: '120 + 150 = 270 and 12 × 30 = 360.',
    facts: ['270', '360'],
  },
})
