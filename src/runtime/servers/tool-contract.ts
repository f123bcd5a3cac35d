import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { sdkSchemaValidator } from '../../json-schema/validator.ts'
import type { ServerConnection } from './connect.ts'

/**
 * What a tool's listing promises about its calls, checked by the harness on each call an agent makes, against the
 * tool list of the server instance that answers it (MCP: a tool with an `outputSchema` returns `structuredContent`
 * that conforms to it, unless the call is an error; a tool whose `execution.taskSupport` is `required` is only called
 * as a task).
 *
 * The harness checks this itself rather than through the SDK client: the client checks it only for tools it learned
 * from its own `listTools`, which rejects a whole server for one malformed tool (src/runtime/servers/list-tools.ts
 * lists leniently), and telling it about a list obtained otherwise takes one of its private methods.
 */

/** Why the harness does not make this call, or null: a tool that only runs as a task, which the harness does not run. */
export function unsupportedCall(tool: Tool | undefined): string | null {
  if (tool?.execution?.taskSupport !== 'required') return null
  return `Tool "${tool.name}" requires task-based execution, which vitest-mcp-bench does not run`
}

/** How a call's result breaks its tool's `outputSchema`, or null. Checked with the linear-time regex engine. */
export function outputViolation(tool: Tool | undefined, result: Readonly<Record<string, unknown>>): string | null {
  if (!tool?.outputSchema || result.isError === true) return null
  if (result.structuredContent === undefined || result.structuredContent === null)
    return `Tool ${tool.name} has an output schema but did not return structured content`
  const check = sdkSchemaValidator.getValidator(tool.outputSchema)(result.structuredContent)
  return check.valid ? null : `Structured content does not match the tool's output schema: ${check.errorMessage}`
}

/**
 * Calls a tool of a connected server instance, held to what that instance listed for it: a call it would refuse is
 * not made, and a result that breaks the tool's output schema is not returned. Either way it throws, saying why, as
 * a failed call does.
 */
export async function callListedTool(
  connection: ServerConnection,
  name: string,
  args: Record<string, unknown> | undefined,
  options?: RequestOptions,
): Promise<Awaited<ReturnType<ServerConnection['client']['callTool']>>> {
  const listed = connection.tools.find((t) => t.name === name)
  const unsupported = unsupportedCall(listed)
  if (unsupported) throw new Error(unsupported)
  const result = await connection.client.callTool({ name, arguments: args }, undefined, options)
  const violation = outputViolation(listed, result)
  if (violation) throw new Error(violation)
  return result
}
