import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import type { CatalogEntry } from '../contracts/catalog.ts'
import { stableStringify } from '../lib/stable-json.ts'
import { linearRegExp } from './linear-regexp.ts'

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv

// Made on first use: most runs meet one draft, and each instance (with its formats) costs a few ms of start-up.
const drafts: { legacy?: Ajv; v2020?: Ajv } = {}
// One compiled validator per distinct schema, keyed by its content: a server restarted per task hands out
// new but identical schema objects, which must neither be compiled again nor kept alive twice.
const compiled = new Map<string, ValidateFunction | Error>()
// The same schema object again (every call of a tool in a task) skips even the key.
const bySchemaObject = new WeakMap<object, ValidateFunction | Error>()

function makeAjv(AjvClass: typeof Ajv): Ajv {
  // strict: false — real-world tool schemas carry keywords ajv does not know (examples, x-…).
  // Patterns come from servers: a linear-time engine, so no schema can stall the worker (see linear-regexp.ts).
  // optimize: false skips ajv's passes over the generated code. A schema is compiled once and its validator runs a
  // few times per task, so the passes cost far more than they save: the 119 schemas the bundled suite compiles
  // take 100-170 ms of CPU instead of 290-380 ms, and give the same verdicts and errors (35,700 sampled values).
  const ajv = new AjvClass({ strict: false, allErrors: true, validateSchema: false, code: { regExp: linearRegExp, optimize: false } })
  addFormats(ajv)
  return ajv
}

export interface SchemaCheck {
  valid: boolean
  errors: string[]
}

/**
 * Validates call arguments against the tool's inputSchema. A schema that
 * ajv cannot compile is reported as such, never as the agent's fault.
 */
export function checkArguments(entry: CatalogEntry, args: unknown): SchemaCheck {
  const validate = validatorFor(entry)
  if (validate instanceof Error) return { valid: true, errors: [`schema not checked: ${validate.message}`] }
  const valid = validate(args) as boolean
  const errors = valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(arguments)'} ${e.message ?? 'is invalid'}`)
  return { valid, errors }
}

function validatorFor(entry: CatalogEntry): ValidateFunction | Error {
  const schema = entry.inputSchema as Record<string, unknown>
  const known = bySchemaObject.get(schema)
  if (known) return known
  const key = stableStringify(schema)
  let validate = compiled.get(key)
  if (!validate) {
    const { $schema, $id: _id, ...rest } = schema
    const ajv =
      typeof $schema === 'string' && $schema.includes('2020-12')
        ? (drafts.v2020 ??= makeAjv(Ajv2020 as unknown as typeof Ajv))
        : (drafts.legacy ??= makeAjv(Ajv))
    try {
      validate = ajv.compile(rest)
    } catch (error) {
      validate = error as Error
    }
    compiled.set(key, validate)
  }
  bySchemaObject.set(schema, validate)
  return validate
}

/**
 * The validator for tools' structured output (`outputSchema`): the harness's own check of each call
 * (src/runtime/servers/tool-contract.ts), and the MCP SDK client's wherever it checks one itself. The SDK's
 * default compiles server patterns with the backtracking engine, so a hostile server could stall the worker
 * there; this one shares the linear-time engine and the compile cache. An output schema that cannot be
 * compiled leaves that tool's output unchecked instead of failing the server's tool list.
 */
export const sdkSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = validatorFor({ inputSchema: schema } as unknown as CatalogEntry)
    return (input) => {
      if (validate instanceof Error || validate(input)) return { valid: true, data: input as T, errorMessage: undefined }
      const errorMessage = (validate.errors ?? []).map((e) => `${e.instancePath || '(output)'} ${e.message ?? 'is invalid'}`).join('; ')
      return { valid: false, data: undefined, errorMessage }
    }
  },
}
