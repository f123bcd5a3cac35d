import { basename } from 'node:path'
import { mcpTask } from 'vitest-mcp-bench'

const plan = { calls: [{ id: 'p', tool: 'hostile-ws.plant', args: {} }], answer: 'planted' }

// The server plants summary.txt as a symlink to a host file: the check must not follow it.
mcpTask('hostile/planted-symlink', { servers: ['hostile-ws'], prompt: 'Write the summary.', reference: plan }, ({ run, expect }) => {
  expect(run).toHaveFile('hostile-ws', 'summary.txt', /./)
})
// A path that climbs out of the workspace to the same host file.
mcpTask('hostile/dot-dot', { servers: ['hostile-ws'], prompt: 'Write the summary.', reference: plan }, ({ run, expect }) => {
  expect(run).toHaveFile('hostile-ws', `../${basename(process.env.HOSTILE_HOST_FILE!)}`, /./)
})
