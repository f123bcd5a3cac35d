import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { splitWords } from '../../lib/words.ts'

/** Words that read: a tool named with one looks safe to call from an example task. */
const READS = new Set([
  'get',
  'getter',
  'list',
  'search',
  'searcher',
  'find',
  'read',
  'fetch',
  'lookup',
  'query',
  'describe',
  'show',
  'view',
  'info',
  'status',
  'stats',
  'current',
  'browse',
  'resolve',
  'check',
  'count',
  'overview',
  'health',
  'details',
])
/** Words that change something: a tool named with one is never called by `init`, whatever else its name says. */
const WRITES = new Set([
  'create',
  'delete',
  'remove',
  'write',
  'update',
  'upsert',
  'set',
  'put',
  'post',
  'insert',
  'edit',
  'move',
  'rename',
  'send',
  'upload',
  'kill',
  'drop',
  'exec',
  'execute',
  'run',
  'install',
  'add',
  'append',
  'clear',
  'reset',
  'save',
  'store',
  'publish',
  'merge',
  'close',
  'open',
  'start',
  'stop',
  'destroy',
  'purge',
  'modify',
  'patch',
  'push',
  'commit',
  'deploy',
  'grant',
  'revoke',
  'transfer',
  'pay',
  'order',
  'buy',
  'sell',
  'download',
  'navigate',
  'click',
  'type',
  'fill',
])

/**
 * Words of a tool that may tell what it should not: its environment, configuration or credentials. Such a tool
 * is never called by `init`, whatever its annotations say (the reference server's `get-env` is marked
 * read-only): its answer would become the example task's reference answer, in a file meant to be committed.
 */
const REVEALS = new Set([
  'env',
  'envs',
  'environ',
  'environment',
  'environments',
  'variable',
  'variables',
  'var',
  'vars',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'password',
  'passwords',
  'passwd',
  'token',
  'tokens',
  'apikey',
  'key',
  'keys',
  'auth',
  'oauth',
  'cookie',
  'cookies',
  'session',
  'sessions',
  'config',
  'configuration',
  'settings',
  'debug',
  'dotenv',
  'whoami',
  'identity',
  'private',
  'shadow',
  'ssh',
  'header',
  'headers',
])

/** The tool's name or description speaks of its environment, configuration or credentials. */
function mayReveal(tool: Pick<Tool, 'name' | 'description' | 'title'>): boolean {
  return [tool.name, tool.title ?? '', tool.description ?? ''].some((text) => splitWords(text).some((w) => REVEALS.has(w)))
}

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
 * A tool marked destructive is never offered, nor one that may reveal its environment or secrets (mayReveal).
 */
export function readOnlyCandidates(tools: Tool[]): Tool[] {
  const required = (tool: Tool) => (Array.isArray(tool.inputSchema?.required) ? tool.inputSchema.required.length : 0)
  const byArgs = (a: Tool, b: Tool) => required(a) - required(b)
  const safe = tools.filter((t) => t.annotations?.destructiveHint !== true && !mayReveal(t))
  const hinted = safe.filter((t) => t.annotations?.readOnlyHint === true)
  const named = safe.filter((t) => t.annotations?.readOnlyHint !== true && looksReadOnly(t.name))
  return [...hinted.sort(byArgs), ...named.sort(byArgs)]
}
