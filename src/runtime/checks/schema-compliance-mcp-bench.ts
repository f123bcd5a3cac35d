import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { stableStringify } from '../../lib/stable-json.ts'
import { linearRegExp } from '../../json-schema/linear-regexp.ts'
import type { SchemaCheck } from '../../json-schema/validator.ts'

/**
 * Schema compliance as MCP-Bench's evaluator decides it (`_check_schema_compliance` in
 * benchmark/evaluator.py, which calls python-jsonschema's `jsonschema.validate`):
 *
 * - an empty or missing schema accepts anything (`if not input_schema: return True`);
 * - a schema without `$schema` is read as draft 2020-12 (jsonschema's latest draft: `prefixItems`,
 *   and `items` as an array means nothing), one naming draft-07/06/04 as that draft;
 * - `format` is an annotation only: `validate()` is given no format checker;
 * - a schema that is not a valid schema, or that cannot be compiled, makes every call non-compliant
 *   (`check_schema` raises SchemaError, caught by `except … return False`).
 *
 * Kept apart from schema-validator.ts, which is the project's own (stricter, draft-07) check.
 */

function makeAjv(AjvClass: typeof Ajv): Ajv {
  // validateSchema: as check_schema, a schema that breaks its meta-schema is an error, not ignored.
  // validateFormats: false, as jsonschema without a FormatChecker. strict: false, as jsonschema
  // ignores keywords it does not know. Patterns go through the linear-time engine, as in the project's own
  // check: a server's schema must not be able to stall the worker (linear-regexp.ts).
  return new AjvClass({ strict: false, allErrors: true, validateSchema: true, validateFormats: false, code: { regExp: linearRegExp } })
}

// Made on first use: only a run with MCP-Bench's schema semantics needs them, most of those one draft.
const drafts: { draft7?: Ajv; v2020?: Ajv } = {}
const compiled = new Map<string, ValidateFunction | Error>()

/** The dialect jsonschema's `validator_for` picks: the named older draft, else 2020-12. */
function ajvFor(schema: Record<string, unknown>): Ajv {
  const named = typeof schema.$schema === 'string' ? schema.$schema : ''
  return /draft-0[467]\b/.test(named) ? (drafts.draft7 ??= makeAjv(Ajv)) : (drafts.v2020 ??= makeAjv(Ajv2020 as unknown as typeof Ajv))
}

function validatorFor(schema: Record<string, unknown>): ValidateFunction | Error {
  const key = stableStringify(schema)
  let validate = compiled.get(key)
  if (!validate) {
    // $id is dropped so that two tools sharing an id do not collide in ajv's registry; $schema so that
    // ajv does not look for a meta-schema it was not given (the dialect is chosen above).
    const { $schema: _s, $id: _id, ...rest } = schema
    try {
      validate = ajvFor(schema).compile(rest)
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error))
    }
    compiled.set(key, validate)
  }
  return validate
}

/** Whether MCP-Bench's evaluator counts a call with these arguments as schema-compliant. */
export function mcpBenchSchemaCheck(inputSchema: unknown, args: unknown): SchemaCheck {
  if (inputSchema === null || inputSchema === undefined) return { valid: true, errors: [] }
  if (typeof inputSchema !== 'object' || Array.isArray(inputSchema)) {
    // jsonschema rejects a non-object schema in check_schema (booleans aside, which no tool sends).
    if (typeof inputSchema === 'boolean')
      return inputSchema ? { valid: true, errors: [] } : { valid: false, errors: ['the schema is `false`'] }
    return {
      valid: false,
      errors: [`the tool's inputSchema is not a schema (${typeof inputSchema}): counted non-compliant, as MCP-Bench does`],
    }
  }
  const schema = inputSchema as Record<string, unknown>
  if (Object.keys(schema).length === 0) return { valid: true, errors: [] }
  const validate = validatorFor(schema)
  if (validate instanceof Error) {
    return {
      valid: false,
      errors: [`the tool's inputSchema is not a valid JSON Schema (${validate.message}): counted non-compliant, as MCP-Bench does`],
    }
  }
  const valid = validate(args) as boolean
  const errors = valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(arguments)'} ${e.message ?? 'is invalid'}`)
  return { valid, errors }
}
