import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import type { ServerConnection } from '../../src/runtime/servers/connect.ts'
import { referenceToolProblem } from '../../src/runtime/task/reference-tools.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } })
const tools = [tool('search'), tool('fetch')]
// `fetch` is left out of the catalog, as excludeTools does.
const catalog = buildCatalog([
  { server: 'wiki', tools: [tools[0]!] },
  { server: 'noise', tools: [tool('ping')], distractor: true },
])
const session = { catalog, connections: new Map([['wiki', { tools } as unknown as ServerConnection]]) }
const spec = (calls: Array<{ id: string; tool: string }>) => TaskSpecSchema.parse({ servers: ['wiki'], prompt: 'p', reference: { calls } })

describe('reference calls checked against the started servers', () => {
  it("accepts calls to the task's tools", () => {
    expect(referenceToolProblem(spec([{ id: 'a', tool: 'wiki.search' }]), session)).toBeUndefined()
  })

  it('names each call whose tool the server lacks, is excluded, or is not on a task server', () => {
    const problem = referenceToolProblem(
      spec([
        { id: 'a', tool: 'wiki.serch' },
        { id: 'b', tool: 'wiki.fetch' },
        { id: 'c', tool: 'noise.ping' },
      ]),
      session,
    )
    expect(problem).toBe(
      [
        'reference call "a" names wiki.serch, but server "wiki" has no such tool (it has: search, fetch)',
        'reference call "b" names wiki.fetch, but that tool is left out of the catalog (excludeTools)',
        'reference call "c" names noise.ping, but it does not name one of the task\'s servers (wiki) as "server.tool"',
      ].join('; '),
    )
  })
})
