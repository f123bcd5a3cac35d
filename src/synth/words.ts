import { splitWords } from '../lib/words.ts'

/**
 * Names and descriptions as comparable words, for matching one tool's output
 * to another's input: `parkCode`, `park_code` and "park codes" all become
 * `park code`.
 */

/** Words that say nothing about what a value is, so they never link two tools on their own. */
const GENERIC = new Set([
  'id',
  'name',
  'value',
  'query',
  'q',
  'number',
  'text',
  'data',
  'type',
  'input',
  'output',
  'limit',
  'start',
  'format',
  'mode',
  'key',
  'string',
  'list',
  'item',
  'first',
  'second',
  'result',
  'option',
  'param',
  'info',
  'detail',
  'page',
  'count',
  'size',
  'max',
  'min',
  'default',
  'true',
  'false',
  'null',
  'get',
  'set',
  'tool',
  'search',
  'fetch',
  'all',
  // Operand names of arithmetic tools: they say where a number goes, not what it is.
  'numerator',
  'denominator',
  'minuend',
  'subtrahend',
  'addend',
  'operand',
  'factor',
  'amount',
  'lhs',
  'rhs',
])

/** Words too common in descriptions to carry meaning. */
const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'for',
  'in',
  'on',
  'and',
  'or',
  'by',
  'with',
  'from',
  'as',
  'at',
  'is',
  'are',
  'be',
  'this',
  'that',
  'it',
  'its',
  'if',
  'not',
  'no',
  'e',
  'g',
  'eg',
  'ie',
  'use',
  'used',
  'using',
  'can',
  'will',
  'may',
  'one',
  'more',
  'any',
  'each',
  'which',
  'specific',
  'given',
  'provided',
  'optional',
  'required',
  'returns',
  'return',
  'about',
  'into',
  'than',
  'only',
  'also',
  'such',
  'other',
  'multiple',
  'single',
  'based',
  'etc',
  'information',
  'including',
  'available',
  'detailed',
  'various',
  'related',
  'relevant',
  'matching',
  'operating',
])

/** Words of parameters that steer a call (paging, sorting, output shape) rather than name the data it is about. */
const CONTROL = new Set([
  'limit',
  'start',
  'offset',
  'page',
  'size',
  'count',
  'max',
  'min',
  'top',
  'skip',
  'cursor',
  'sort',
  'order',
  'format',
  'verbose',
  'per',
  'result',
  'include',
  'detail',
  'timeout',
  'retry',
  'raw',
  'pretty',
  'lang',
  'language',
  'debug',
])

/** A naive singular, enough to match "parks" with "park" and "cities" with "city". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1)
  return word
}

/** The words of an identifier or a phrase, lower case and singular. */
export function words(text: string): string[] {
  return splitWords(text)
    .filter((w) => !STOP.has(w))
    .map(singular)
}

/** A parameter such as `limit`, `page_size` or `sort_order`: no output of another tool should feed it. */
export function isControlName(name: string): boolean {
  const all = words(name)
  return all.length > 0 && all.every((w) => CONTROL.has(w))
}

/** The words of a name that say what it is (not `id`, `value`, …). */
export function meaningfulWords(text: string): string[] {
  return words(text).filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w) && w.length > 1)
}
