import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { words } from './words.ts'

/**
 * Whether synthesis may call a tool just to see a sample of its output
 * (`--allow-calls`). The rule errs towards not calling: a tool is left alone
 * when its annotations say it is not read-only, when its name starts or holds
 * a verb that changes something (create, delete, send, …), when its
 * description reads like a write, or when it looks like it reveals secrets.
 * A tool it wrongly refuses only loses a sample; one it wrongly allowed could
 * change the user's data.
 */
export interface CallSafety {
  safe: boolean
  /** Why not, for the report. */
  reason?: string
}

/** Name words that change state somewhere (on the server, on disk, or for a third party). */
const WRITING_VERBS = new Set([
  'create',
  'delete',
  'remove',
  'drop',
  'destroy',
  'write',
  'update',
  'edit',
  'modify',
  'set',
  'put',
  'post',
  'send',
  'publish',
  'upload',
  'download',
  'insert',
  'save',
  'store',
  'move',
  'rename',
  'kill',
  'exec',
  'execute',
  'run',
  'deploy',
  'install',
  'uninstall',
  'purchase',
  'buy',
  'sell',
  'order',
  'pay',
  'transfer',
  'email',
  'mail',
  'notify',
  'push',
  'commit',
  'merge',
  'book',
  'cancel',
  'reset',
  'clear',
  'approve',
  'invite',
  'share',
  'subscribe',
  'unsubscribe',
  'toggle',
  'trigger',
  'start',
  'stop',
  'restart',
  'submit',
  'register',
  'apply',
  'patch',
  'replace',
  'append',
  'overwrite',
  'archive',
  'close',
  'lock',
  'unlock',
  'grant',
  'revoke',
  'scan',
  'attack',
  'spawn',
  'import',
  'sync',
  'assign',
  'enable',
  'disable',
  'configure',
  'login',
  'logout',
  'signup',
  'reply',
  'follow',
  'vote',
  'schedule',
  'rsvp',
  'reserve',
  'checkout',
  'charge',
  'refund',
  'withdraw',
  'deposit',
])

/** A name that starts with one of these reads (`get_order_book`), whatever nouns follow; its description still counts. */
const READING_VERBS = new Set([
  'get',
  'list',
  'search',
  'find',
  'read',
  'fetch',
  'lookup',
  'look',
  'query',
  'show',
  'describe',
  'view',
  'browse',
  'check',
  'count',
  'calculate',
  'compute',
  'convert',
  'resolve',
  'summarize',
  'summarise',
  'extract',
  'explain',
])

/** Description phrases of a tool that writes, deletes or sends. */
const WRITING_PHRASE = new RegExp(
  '\\b(?:creates?|deletes?|removes?|overwrites?|writes?|modif(?:y|ies)|updates?|sends?|publish(?:es)?|uploads?|downloads?|' +
    'inserts?|saves?|moves?|renames?|executes?|deploys?|installs?|purchases?|transfers?|submits?|toggles?|triggers?|' +
    'cancels?|resets?|appends?|edits?|posts? (?:a|an|the|to)|stores? (?:a|an|the|it|them))\\b',
  'i',
)

/** What a tool that reveals credentials or its environment talks about. */
const SECRET_WORDS = /\b(?:env|environment variables?|secrets?|credentials?|passwords?|api[ _-]?keys?|tokens?|private keys?)\b/i

/** "add" is a write (`add_observations`) unless the tool does arithmetic (`add`, `add_matrices`). */
const ARITHMETIC = /\b(?:numbers?|sum|matri(?:x|ces)|vectors?|tensors?|arithmetic|addends?)\b/i

export function callSafety(tool: { tool: string; description: string; annotations?: ToolAnnotations }): CallSafety {
  const { annotations } = tool
  if (annotations?.destructiveHint === true) return { safe: false, reason: 'its annotations say it is destructive' }
  if (annotations?.readOnlyHint === false) return { safe: false, reason: 'its annotations say it is not read-only' }
  const nameWords = words(tool.tool)
  if (!READING_VERBS.has(nameWords[0] ?? '')) {
    const verb = nameWords.find((w) => WRITING_VERBS.has(w))
    if (verb) return { safe: false, reason: `its name has "${verb}", a verb that changes or acts on something` }
    if (nameWords.includes('add') && !ARITHMETIC.test(tool.description))
      return { safe: false, reason: 'its name has "add" and it does not do arithmetic' }
  }
  const phrase = WRITING_PHRASE.exec(tool.description)
  if (phrase) return { safe: false, reason: `its description says "${phrase[0]}"` }
  const secret = SECRET_WORDS.exec(`${tool.tool.replace(/[_-]/g, ' ')} ${tool.description}`)
  if (secret) return { safe: false, reason: `it may reveal secrets ("${secret[0]}")` }
  return { safe: true }
}
