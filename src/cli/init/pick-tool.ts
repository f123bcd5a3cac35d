import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { splitWords } from '../../lib/words.ts'

/** Words that read: a tool named with one looks safe to call from an example task. */
const READS = new Set(['get', 'getter', 'list', 'search', 'searcher', 'find', 'read', 'fetch', 'lookup', 'query', 'describe',
  'show', 'view', 'info', 'status', 'stats', 'current', 'browse', 'resolve', 'check', 'count', 'overview', 'health', 'details'])
/** Words that change something: a tool named with one is never called by `init`, whatever else its name says. */
const WRITES = new Set(['create', 'delete', 'remove', 'write', 'update', 'upsert', 'set', 'put', 'post', 'insert', 'edit', 'move',
  'rename', 'send', 'upload', 'kill', 'drop', 'exec', 'execute', 'run', 'install', 'add', 'append', 'clear', 'reset', 'save',
  'store', 'publish', 'merge', 'close', 'open', 'start', 'stop', 'destroy', 'purge', 'modify', 'patch', 'push', 'commit',
  'deploy', 'grant', 'revoke', 'transfer', 'pay', 'order', 'buy', 'sell', 'download', 'navigate', 'click', 'type', 'fill'])

/** A tool name's words: `get_current_time`, `getCurrentTime` and `get-current-time` all give get, current, time. */
function nameWords(name: string): string[] {
  return splitWords(name)
}

/** The name reads as a query and never as a change. */
export function looksReadOnly(name: string): boolean {
  const words = nameWords(name)
  return words.some((w) => READS.has(w)) && !words.some((w) => WRITES.has(w))
}

/**
 * Tools an example task may call, safest first: those the server marks `readOnlyHint`, then those whose
 * name reads as a query; fewest required arguments first, so a generated call is most likely to succeed.
 * A tool marked destructive is never offered.
 */
export function readOnlyCandidates(tools: Tool[]): Tool[] {
  const required = (tool: Tool) => (Array.isArray(tool.inputSchema?.required) ? tool.inputSchema.required.length : 0)
  const byArgs = (a: Tool, b: Tool) => required(a) - required(b)
  const hinted = tools.filter((t) => t.annotations?.readOnlyHint === true && t.annotations?.destructiveHint !== true)
  const named = tools.filter((t) => t.annotations?.readOnlyHint !== true && t.annotations?.destructiveHint !== true && looksReadOnly(t.name))
  return [...hinted.sort(byArgs), ...named.sort(byArgs)]
}
