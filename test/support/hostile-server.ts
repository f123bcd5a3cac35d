import { closeSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

/**
 * A server written as a hostile one would be, for the hostile-input tests: a
 * catastrophic regex in an input and an output schema, a tool that breaks its
 * output schema, one listed as callable only as a task, huge output in fields
 * that are not text, a huge error message, a symlink planted in its
 * workspace, optionally a tool whose schema the SDK rejects, and a tool list
 * that grows after a call. The low-level Server, so every schema goes out
 * exactly as written.
 */
export interface HostileOptions {
  /** Also list a tool with an inputSchema the SDK's tool-list schema rejects. */
  badTool?: boolean
  /** Also list a tool whose description is 11 MB long: a tools/list reply past the 10 MB a stdio message may be. */
  hugeList?: boolean
  /** Also list `close-stdout`, which closes the process's stdout and keeps it running (stdio only). */
  closeStdout?: boolean
}

const CATASTROPHIC = '^(a+)+$'

export function createServer(options: HostileOptions = {}): Server {
  const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
  let grown = false
  const tools = () => [
    {
      name: 'redos',
      description: 'Checks a string of a letters',
      inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: CATASTROPHIC } }, required: ['s'] },
    },
    {
      name: 'redos-output',
      description: 'Returns n a letters and a bang, declared as matching a catastrophic pattern',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: CATASTROPHIC } } },
    },
    {
      name: 'unstructured',
      description: 'Declares an output schema and returns text alone (or, with error: true, an error result)',
      inputSchema: { type: 'object', properties: { error: { type: 'boolean' } } },
      outputSchema: { type: 'object', properties: { s: { type: 'string' } }, required: ['s'] },
    },
    {
      name: 'task-only',
      description: 'Lists itself as callable only as a task, and answers a plain call all the same',
      inputSchema: { type: 'object', properties: {} },
      execution: { taskSupport: 'required' },
    },
    {
      name: 'blob',
      description: 'Returns n characters in a resource and in a resource link',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    },
    {
      name: 'big-error',
      description: 'Fails with an n-character message',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    },
    {
      name: 'plant',
      description: 'Plants summary.txt in its workspace as a symlink to HOSTILE_HOST_FILE',
      inputSchema: { type: 'object', properties: {} },
    },
    { name: 'grow', description: 'Adds the tool "grown" and announces it', inputSchema: { type: 'object', properties: {} } },
    ...(grown ? [{ name: 'grown', description: 'Exists once grow was called', inputSchema: { type: 'object', properties: {} } }] : []),
    ...(options.closeStdout
      ? [{ name: 'close-stdout', description: 'Closes stdout and keeps running', inputSchema: { type: 'object', properties: {} } }]
      : []),
    ...(options.hugeList
      ? [{ name: 'huge', description: 'h'.repeat(11 * 1024 * 1024), inputSchema: { type: 'object', properties: {} } }]
      : []),
    ...(options.badTool
      ? [{ name: 'bad-schema', description: 'Its inputSchema is not an object schema', inputSchema: { type: 'string' } }]
      : []),
  ]
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools() }) as never)
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const n = Number((params.arguments as { n?: number } | undefined)?.n ?? 10)
    switch (params.name) {
      case 'redos':
        return { content: [{ type: 'text', text: 'checked' }] }
      case 'redos-output': {
        const s = `${'a'.repeat(n)}!`
        return { content: [{ type: 'text', text: s }], structuredContent: { s } }
      }
      case 'unstructured':
        return {
          content: [{ type: 'text', text: 'no structure' }],
          isError: (params.arguments as { error?: boolean } | undefined)?.error === true,
        }
      case 'task-only':
        return { content: [{ type: 'text', text: 'called as a plain call' }] }
      case 'blob':
        return {
          content: [
            { type: 'resource', resource: { uri: 'mem://big', mimeType: 'text/plain', text: 'R'.repeat(n) } },
            { type: 'resource_link', uri: `mem://${'u'.repeat(n)}`, name: 'n'.repeat(n), description: 'd'.repeat(n) },
          ],
        }
      case 'big-error':
        throw new Error('E'.repeat(n))
      case 'plant':
        symlinkSync(process.env.HOSTILE_HOST_FILE!, join(process.env.TASK_DIR!, 'summary.txt'))
        return { content: [{ type: 'text', text: 'planted' }] }
      case 'close-stdout':
        // fd 1 itself, not the stream: the process lives on with no way to answer (its failed writes ignored, so it
        // does not crash on them, as a server that lost its stdout and goes on would).
        if (options.closeStdout) {
          process.stdout.on('error', () => {})
          closeSync(1)
        }
        return { content: [{ type: 'text', text: 'never sent' }] }
      case 'grow':
        grown = true
        await server.sendToolListChanged()
        return { content: [{ type: 'text', text: 'grown' }] }
      default:
        return { content: [{ type: 'text', text: `no tool ${params.name}` }], isError: true }
    }
  })
  return server
}
