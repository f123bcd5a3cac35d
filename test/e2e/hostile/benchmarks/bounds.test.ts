import { mcpTask } from 'vitest-mcp-bench'

const n = Number(process.env.E2E_HUGE ?? 1_200_000)

mcpTask('hostile/huge-resource', {
  servers: ['hostile'],
  prompt: 'Fetch the resource.',
  reference: { calls: [{ id: 'b', tool: 'hostile.blob', args: { n } }], answer: 'It returned RRRR.', facts: ['RRRR'] },
})
mcpTask('hostile/huge-error', {
  servers: ['hostile'],
  prompt: 'Trigger the error.',
  reference: { calls: [{ id: 'e', tool: 'hostile.big-error', args: { n } }], answer: 'failed', facts: ['failed'] },
})
