import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'
import { McpBenchTemplatesSchema, type McpBenchTemplates } from '../contracts/mcp-bench-templates.ts'

/**
 * MCP-Bench's judge and planner templates from the user's checkout: runs the checkout's own prompt
 * builders on sentinel values (src/import/mcp-bench-templates.py, with python3) and checks what comes
 * back. The result, or why there is none: without templates the judge keeps this project's wording.
 */
export function readCheckoutTemplates(
  checkout: string,
  python = process.env.MCP_BENCH_PYTHON ?? 'python3',
): { templates: McpBenchTemplates } | { reason: string } {
  const script = extractorScript()
  if (!script) return { reason: 'the template extractor (mcp-bench-templates.py) is not in this installation' }
  const run = spawnSync(python, [script, checkout], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 })
  if (run.error) return { reason: `${python} could not run: ${run.error.message}` }
  if (run.status !== 0) return { reason: (run.stderr || `${python} exited with ${run.status}`).trim().split('\n').slice(-3).join(' ') }
  let raw: unknown
  try {
    raw = JSON.parse(run.stdout)
  } catch (error) {
    return { reason: `the extractor's output is not JSON: ${(error as Error).message}` }
  }
  const parsed = McpBenchTemplatesSchema.safeParse(raw)
  if (!parsed.success) return { reason: `the extractor's output is not in the expected shape: ${z.prettifyError(parsed.error)}` }
  return { templates: parsed.data }
}

/** The extractor ships next to this module (src/import in the package; dist looks up to it). */
function extractorScript(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    for (const candidate of [join(dir, 'mcp-bench-templates.py'), join(dir, 'src', 'import', 'mcp-bench-templates.py')]) {
      if (existsSync(candidate)) return candidate
    }
    dir = dirname(dir)
  }
  return undefined
}
