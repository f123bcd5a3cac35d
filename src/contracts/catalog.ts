import type { Tool } from '@modelcontextprotocol/sdk/types.js'

/** One tool as the agent sees it, with the way back to its server. */
export interface CatalogEntry {
  /** Server-qualified name, a valid OpenAI function name: `math__add`. */
  name: string
  server: string
  /** The tool's name on its server. */
  tool: string
  description: string
  inputSchema: Tool['inputSchema']
  /** The server is a distraction the task did not ask for. */
  distractor: boolean
}
