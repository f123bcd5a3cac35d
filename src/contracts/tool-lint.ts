import * as z from 'zod'

/**
 * What `mcp-bench lint-tools --json` writes: the warnings about a server's tool definitions that predict a model
 * confusing or misusing them (src/lint/tool-lint.ts says why each rule is there).
 */

const TOOL_LINT_RULES = [
  /** Two tools whose names share most of their words (`read_file`, `read_text_file`). */
  'near-duplicate-name',
  /** Two tools whose descriptions share most of their words. */
  'near-duplicate-description',
  /** A tool with no description, or one too short to tell it from another. */
  'vague-description',
  /** A parameter with no description. */
  'undescribed-parameter',
  /** A string parameter whose description lists its values, without an `enum`. */
  'string-should-be-enum',
  /** A parameter with no `type` (nor `enum`, `const` or a union). */
  'untyped-parameter',
  /** A union (`anyOf`, `oneOf`, a list of types) of many members. */
  'large-union',
  /** Objects and arrays nested deeper than models fill reliably. */
  'deep-nesting',
  /** A `$ref`, which some tool-calling APIs and judges do not resolve. */
  'schema-ref',
] as const
export type ToolLintRule = (typeof TOOL_LINT_RULES)[number]

const ToolLintWarningSchema = z.object({
  server: z.string(),
  tool: z.string(),
  rule: z.enum(TOOL_LINT_RULES),
  message: z.string(),
  /** The other tool (`server.tool`) of a near-duplicate pair. */
  related: z.string().optional(),
  /** The parameter, as a path into the input schema (`edits[].oldText`). */
  parameter: z.string().optional(),
})
export type ToolLintWarning = z.infer<typeof ToolLintWarningSchema>

export const ToolLintReportSchema = z.object({
  /** Tools linted per server, and the servers that could not be started (with why). */
  servers: z.array(z.object({ server: z.string(), tools: z.number().int().nonnegative() })),
  failures: z.array(z.object({ server: z.string(), error: z.string() })),
  warnings: z.array(ToolLintWarningSchema),
})
export type ToolLintReport = z.infer<typeof ToolLintReportSchema>
