import { mcpTask } from 'vitest-mcp-bench'

// The scripted model (test/e2e/faults-hostile.test.ts) calls the server's whoami tool, then repeats its answer.
for (const server of ['keyholder', 'keyed-http']) {
  mcpTask(`secrets/${server}`, {
    servers: [server],
    prompt: `SECRET ${server}: ask the server who it is.`,
    reference: {
      calls: [{ id: 'w', tool: `${server}.whoami`, args: {} }],
      answer: 'The server says its token.',
      facts: ['The server says'],
    },
  })
}
