import { readFileSync } from 'node:fs'
import * as z from 'zod'
import { McpBenchTemplatesSchema, type McpBenchTemplates } from '../contracts/mcp-bench-templates.ts'

/**
 * The templates `mcp-bench import --mcp-bench-dir` wrote (the judge's `templates`, the planner's `templates`):
 * a file that cannot be read or is not templates is an error naming it, after `what` (the option it came from).
 */
export function readTemplatesFile(file: string, what: string): McpBenchTemplates {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${what}: cannot read ${file}: ${(error as Error).message}`, { cause: error })
  }
  const parsed = McpBenchTemplatesSchema.safeParse(raw)
  if (!parsed.success)
    throw new Error(`${what}: ${file} is not MCP-Bench templates written by \`mcp-bench import\`: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}
