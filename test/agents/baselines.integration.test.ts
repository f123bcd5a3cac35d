// Split from baselines.test.ts: this part starts every bundled server (the stdio ones as processes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomArguments } from '../../src/runtime/agents/baselines/random-arguments.ts'
import { checkArguments } from '../../src/json-schema/validator.ts'
import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import { createRng } from '../../src/lib/random.ts'
import { InProcessServers } from '../support/in-process-suite.ts'

/**
 * The harness's own schema check (src/runtime/checks), which scores the calls: the errors for some arguments, none
 * when they are valid. A schema it cannot compile counts as a failure here, not as "not checked".
 */
function schemaErrors(schema: unknown, args: unknown): string[] {
  const entry = { name: 't', server: 's', tool: 't', description: '', inputSchema: schema, distractor: false } as CatalogEntry
  return checkArguments(entry, args).errors
}

describe('random schema-valid arguments', () => {
  describe("against every bundled server's real tool schemas", () => {
    const servers = new InProcessServers()
    let tools: Array<{ server: string; name: string; inputSchema: Record<string, unknown> }> = []
    beforeAll(async () => {
      const session = await servers.forTask(servers.names())
      tools = [...session.connections.values()].flatMap((c) =>
        c.tools.map((t) => ({ server: c.name, name: t.name, inputSchema: t.inputSchema as Record<string, unknown> })),
      )
      await session.release()
    }, 60_000)
    afterAll(() => servers.close())

    it('gives schema-valid arguments for each tool, for many seeds', () => {
      expect(tools.length).toBeGreaterThan(150)
      const invalid: string[] = []
      for (const t of tools) {
        for (let seed = 0; seed < 25; seed++) {
          const args = randomArguments(t.inputSchema, createRng(`${t.name}:${seed}`))
          const errors = schemaErrors(t.inputSchema, args)
          if (errors.length) invalid.push(`${t.server}.${t.name} ${JSON.stringify(args)}: ${errors.join('; ')}`)
        }
      }
      expect(invalid).toEqual([])
    })
  })
})
