/**
 * Why a server did not start, in words that point at the cause. The MCP SDK
 * reports every transport problem through the same `onerror`, so a command
 * that does not exist, an HTTP server that cannot be reached and a server
 * that prints banners on stdout all look alike there; this tells them apart.
 */

/** A line a stdio server wrote to stdout that is not JSON-RPC (the SDK's parse or schema error), as opposed to a transport failure. */
export function isProtocolNoise(error: Error): boolean {
  return (
    error instanceof SyntaxError || error.name === 'ZodError' || /^(Unexpected token|Invalid JSON|JSON Parse error)/.test(error.message)
  )
}

/** The start error's message, with the likely cause when it is a missing command or an unreachable URL. */
export function explainStartError(error: Error, kind: 'stdio' | 'http' | 'in-process'): string {
  const code = errorCode(error)
  if (kind === 'stdio' && code === 'ENOENT') {
    return `${error.message}: the command was not found (check "command", and that it is on the PATH the server gets)`
  }
  if (kind === 'stdio' && code === 'EACCES') return `${error.message}: the command is not executable`
  if (kind === 'http' && (code || /fetch failed/i.test(error.message))) {
    return `cannot reach the server's url (${code ?? causeMessage(error) ?? error.message}): is it running, and is the url right?`
  }
  return error.message
}

/**
 * A server's stderr for a start error: the first line that looks like an
 * error (usually the cause, e.g. `Unknown file extension ".ts"`) and the
 * last lines (where it stopped). The tail alone is mostly stack frames.
 */
export function stderrExcerpt(tail: string, head = tail, tailLines = 8): string {
  const lines = tail.trim().split('\n')
  if (lines.length === 1 && lines[0] === '') return ''
  const last = lines.slice(-tailLines)
  const looksLikeError = (l: string) => /\b(error|exception|cannot|failed|fatal)\b|^\w*Error\b/i.test(l) && !/^\s+at /.test(l)
  const first = head.trim().split('\n').find(looksLikeError)
  const shown = first !== undefined && !last.includes(first) ? [first, '…'] : []
  return [...shown, ...last].join('\n          ')
}

function errorCode(error: Error): string | undefined {
  const own = (error as NodeJS.ErrnoException).code
  if (typeof own === 'string') return own
  const cause = (error as { cause?: unknown }).cause as (NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }) | undefined
  return cause?.code ?? cause?.errors?.find((e) => e.code)?.code
}

function causeMessage(error: Error): string | undefined {
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error ? cause.message : undefined
}
