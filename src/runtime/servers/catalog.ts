import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { CatalogEntry } from '../../contracts/catalog.ts'

export interface Catalog {
  entries: CatalogEntry[]
  /** Resolves a qualified name (`math__add`), a `server.tool` reference, or a bare tool name that is unique. */
  resolve(name: string): CatalogEntry | undefined
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/
const SEPARATOR = '__'

/**
 * The qualified name for a server's tool. Characters outside the OpenAI
 * function-name alphabet become `_`; names over 64 characters are cut and
 * given a short hash so two long names stay distinct.
 */
export function qualifiedToolName(server: string, tool: string): string {
  const raw = `${server}${SEPARATOR}${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_')
  if (raw.length <= 64) return raw
  return `${raw.slice(0, 55)}_${shortHash(raw)}`
}

function shortHash(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36).padStart(8, '0').slice(0, 8)
}

export function buildCatalog(servers: Array<{ server: string; tools: Tool[]; distractor?: boolean }>): Catalog {
  const entries: CatalogEntry[] = []
  const byName = new Map<string, CatalogEntry>()
  const byBare = new Map<string, CatalogEntry[]>()
  for (const { server, tools, distractor = false } of servers) {
    for (const tool of tools) {
      let name = qualifiedToolName(server, tool.name)
      // Two raw names can sanitise to the same string (`a.b` and `a_b`): disambiguate.
      for (let n = 2; byName.has(name); n++) name = `${qualifiedToolName(server, tool.name).slice(0, 60)}_${n}`
      const entry: CatalogEntry = {
        name,
        server,
        tool: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema,
        distractor,
      }
      entries.push(entry)
      byName.set(name, entry)
      byName.set(`${server}.${tool.name}`, entry)
      byBare.set(tool.name, [...(byBare.get(tool.name) ?? []), entry])
    }
  }
  return {
    entries,
    resolve(name) {
      const exact = byName.get(name)
      if (exact) return exact
      const bare = byBare.get(name)
      return bare?.length === 1 ? bare[0] : undefined
    },
  }
}

export function isOpenAIFunctionName(name: string): boolean {
  return OPENAI_NAME.test(name)
}
