/**
 * `JSON.stringify(value, null, 2)` of an object, made in pieces: one per top-level field, and one per item of the
 * array field `streamed`. The pieces joined are exactly that text; made one at a time, the text of a leaderboard
 * of 10,000 tasks never has to be one string in memory. An item whose text was made earlier (`itemText`, by
 * `prettyJsonItem`) is used as it is.
 */
export function* prettyJsonChunks(
  value: Record<string, unknown>,
  streamed: string,
  itemText: (item: unknown) => string | undefined = () => undefined,
): Generator<string> {
  const fields = Object.entries(value).filter(([, v]) => !OMITTED.has(typeof v))
  if (fields.length === 0) return yield '{}'
  yield '{'
  for (const [i, [key, field]] of fields.entries()) {
    const comma = i > 0 ? ',' : ''
    if (key === streamed && Array.isArray(field) && field.length > 0) {
      yield `${comma}\n  ${JSON.stringify(key)}: [`
      for (const [j, item] of field.entries()) yield `${j > 0 ? ',' : ''}\n    ${itemText(item) ?? prettyJsonItem(item)}`
      yield '\n  ]'
    } else {
      yield `${comma}\n  ${JSON.stringify(key)}: ${nested(field, 1)}`
    }
  }
  yield '\n}'
}

/** The kinds of field JSON.stringify leaves out of an object. */
const OMITTED = new Set(['undefined', 'function', 'symbol'])

/** An item of the streamed array as `prettyJsonChunks` writes it. */
export function prettyJsonItem(item: unknown): string {
  return nested(item, 2)
}

/** A value's pretty JSON as it reads `depth` levels in; an array item JSON leaves out (undefined, a function) reads null. */
function nested(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2) ?? 'null'
  return text.replace(/\n/g, `\n${'  '.repeat(depth)}`)
}
