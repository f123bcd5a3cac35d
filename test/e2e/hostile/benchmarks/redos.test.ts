import { mcpTask } from 'vitest-mcp-bench'

// 'a' × 29 + '!' against ^(a+)+$ backtracks for about a minute in a backtracking engine (as in issue 17).
const evil = `${'a'.repeat(29)}!`

mcpTask('hostile/redos-input', {
  servers: ['hostile'],
  prompt: 'Check the string.',
  reference: { calls: [{ id: 'r', tool: 'hostile.redos', args: { s: evil } }], answer: 'checked', facts: ['checked'] },
})
mcpTask('hostile/redos-output', {
  servers: ['hostile'],
  prompt: 'Fetch the string.',
  reference: { calls: [{ id: 'r', tool: 'hostile.redos-output', args: { n: 29 } }], answer: 'done', facts: ['done'] },
})
// A reference call to a tool the server does not have is the task's mistake: a setup error naming the call.
mcpTask('hostile/reference-typo', {
  servers: ['hostile'],
  prompt: 'Check the string.',
  reference: { calls: [{ id: 'r', tool: 'hostile.redoss', args: { s: 'aaa' } }], answer: 'checked', facts: ['checked'] },
})
