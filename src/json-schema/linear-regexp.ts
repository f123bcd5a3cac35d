import { createRequire } from 'node:module'
import type { RE2JS } from 're2js'

// Loaded at the first pattern, not with the validator: RE2JS is a quarter of a megabyte of JavaScript that a
// run whose tool schemas have no `pattern` never needs (its CommonJS build, so the load can stay synchronous,
// as ajv calls this while it compiles a schema).
let engine: typeof RE2JS | undefined
const re2js = (): typeof RE2JS => (engine ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS)

/**
 * The regex engine for `pattern`, `patternProperties` and `propertyNames` in
 * schemas that servers supply. Those schemas are untrusted input: with the
 * built-in backtracking engine, `"^(a+)+$"` against `"aaaa…a!"` runs for
 * minutes on the worker's only thread, and nothing (task timeout, Ctrl-C)
 * gets a turn until it ends. RE2JS (pure JavaScript, no native build) matches
 * in time linear in the input, so a check can never stall the run.
 *
 * Chosen over the alternatives: a worker thread with a deadline costs a
 * thread hop and a structured clone of the arguments on every tool call, and
 * a killed validation has no verdict anyway; a length or nesting limit on
 * patterns would still let short catastrophic ones through. The price: the
 * few ECMAScript-only features RE2 lacks (lookaround, backreferences) make a
 * schema fail to compile, which the validator reports as "schema not
 * checked", never as the agent's fault.
 */
export function linearRegExp(pattern: string, _unicodeFlag: string): { test(text: string): boolean; toString(): string } {
  const compiled = compile(pattern)
  return {
    // JSON Schema's `pattern` is unanchored: a match anywhere counts, as RegExp#test.
    test: (text) => compiled.matcher(text).find(),
    // ajv keys its per-schema regex cache on this string: it must tell patterns apart.
    toString: () => `/${pattern}/`,
  }
}
// ajv emits this name only for standalone code, which this project never generates.
linearRegExp.code = 'linearRegExp'

function compile(pattern: string): RE2JS {
  try {
    const re2 = re2js()
    return re2.compile(re2.translateRegExp(pattern))
  } catch (error) {
    throw new Error(
      `pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} uses syntax the linear-time engine does not support (${(error as Error).message.split('\n')[0]})`,
      { cause: error },
    )
  }
}
