/**
 * The message an agent's record carries when its process was refused a read: Node's permission model
 * throws `ERR_ACCESS_DENIED` (with the path in `resource`), Deno a `NotCapable` error naming the path.
 * Null for any other error.
 */
export function describeDenied(error: unknown, agent: string): string | null {
  const e = error as { code?: unknown; name?: unknown; message?: unknown; resource?: unknown } | null
  if (!e || typeof e !== 'object') return null
  const message = typeof e.message === 'string' ? e.message : ''
  const deno = /Requires read access to "([^"]*)"/.exec(message)
  if (e.code !== 'ERR_ACCESS_DENIED' && !deno) return null
  const path = typeof e.resource === 'string' ? e.resource : (deno?.[1] ?? 'a file outside its allowed paths')
  return `agent ${agent} may not read ${path}: the referee's files (task files, reports, judge cache, cassettes) are out of reach of agent code`
}
