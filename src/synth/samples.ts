import { checkArguments } from '../json-schema/validator.ts'
import type { CatalogEntry } from '../contracts/catalog.ts'
import type { ServerSession } from '../runtime/servers/hub.ts'
import { callListedTool } from '../runtime/servers/tool-contract.ts'
import { contentToText, truncate } from '../lib/text.ts'
import { callSafety } from './call-safety.ts'
import { outputFields, type OutputField } from './output-fields.ts'
import { toolParams, toolRef, type ToolParam } from './tool-params.ts'

/** One tool's output for arguments its own schema suggested: what the model and the chain finder read. */
export interface ToolSample {
  args: Record<string, unknown>
  /** The output as text, redacted and cut. */
  text: string
  /** The fields of the whole output (before it was cut), for finding chains. */
  fields: OutputField[]
}

export interface SampleOutcome {
  /** `server.tool`. */
  tool: string
  sample?: ToolSample
  /** Why there is no sample. */
  skipped?: string
}

// An example in a description: `(e.g., "yose" for Yosemite)`, `e.g. 'UTC'`, `for example: CA`.
const EXAMPLE = /\b(?:e\.g\.?|for example)\s*[:,]?\s*(?:["'“‘`]([^"'”’`\n]{1,60})["'”’`]|([A-Za-z0-9][\w./:+-]{0,40}))/i

/** The value a parameter's own schema suggests: its default, first enum value, first example, or an example in its description. */
function suggestedValue(param: ToolParam): { value: unknown } | undefined {
  if (param.default !== undefined) return { value: param.default }
  if (param.enum?.length) return { value: param.enum[0] }
  if (param.examples?.length) return { value: param.examples[0] }
  const example = EXAMPLE.exec(param.description)
  const text = example?.[1] ?? example?.[2]
  if (text !== undefined) {
    if (param.type === 'string') return { value: text }
    if ((param.type === 'number' || param.type === 'integer') && /^-?\d+(\.\d+)?$/.test(text)) return { value: Number(text) }
  }
  if (param.type === 'boolean') return { value: false }
  return undefined
}

/**
 * Arguments for a sample call, from the schema alone: every required
 * parameter gets the value its schema suggests, optional ones are left out.
 * A tool with a required parameter the schema gives no hint for is not
 * sampled: a guessed value would only sample an error.
 */
export function sampleArguments(entry: CatalogEntry): { args: Record<string, unknown> } | { skip: string } {
  const args: Record<string, unknown> = {}
  for (const param of toolParams(entry).filter((p) => p.required)) {
    const suggested = suggestedValue(param)
    if (!suggested) return { skip: `its schema suggests no value for the required "${param.name}"` }
    args[param.name] = suggested.value
  }
  const check = checkArguments(entry, args)
  return check.valid ? { args } : { skip: `the suggested arguments fail its schema (${check.errors.join('; ')})` }
}

export interface SampleOptions {
  /** Longest sample kept, in characters. */
  maxChars: number
  timeoutMs: (server: string) => number
  /** Applied to every output before it is kept (secrets a server may echo). */
  redact: (text: string) => string
}

/** Calls each safe tool once with the arguments its schema suggests, one at a time, and keeps what it returned. */
export async function collectSamples(session: ServerSession, options: SampleOptions): Promise<SampleOutcome[]> {
  const outcomes: SampleOutcome[] = []
  for (const entry of session.catalog.entries) {
    const connection = session.connections.get(entry.server)!
    const annotations = connection.tools.find((t) => t.name === entry.tool)?.annotations
    const safety = callSafety({ tool: entry.tool, description: entry.description, annotations })
    if (!safety.safe) {
      outcomes.push({ tool: toolRef(entry), skipped: `not called: ${safety.reason}` })
      continue
    }
    const planned = sampleArguments(entry)
    if ('skip' in planned) {
      outcomes.push({ tool: toolRef(entry), skipped: `not called: ${planned.skip}` })
      continue
    }
    try {
      const result = await callListedTool(connection, entry.tool, planned.args, { timeout: options.timeoutMs(entry.server) })
      const text = options.redact(contentToText(Array.isArray(result.content) ? result.content : []))
      outcomes.push(
        result.isError
          ? { tool: toolRef(entry), skipped: `the call returned an error: ${truncate(text, 200)}` }
          : { tool: toolRef(entry), sample: { args: planned.args, text: truncate(text, options.maxChars), fields: outputFields(text) } },
      )
    } catch (error) {
      outcomes.push({ tool: toolRef(entry), skipped: `the call failed: ${truncate(options.redact((error as Error).message), 200)}` })
    }
  }
  return outcomes
}
