import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type * as z from 'zod'
import { lineAndColumn, nearKey } from './near-key.ts'
import {
  HttpServerSchema,
  InProcessServerSchema,
  ServerConfigSchema,
  ServerNameSchema,
  ServersFileSchema,
  StdioServerSchema,
  type ServerConfig,
} from '../contracts/server-config.ts'

/** A configuration mistake, worded for the person who made it: which file, which server, which field. */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError'
}

/** Formats zod issues as `field: message` lines, prefixed by where they were found. */
export function describeIssues(where: string, error: z.ZodError, known: readonly string[] = []): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : '(root)'
    return `  - ${field}: ${unknownKeys(issue, known) ?? issue.message}`
  })
  return `${where}:\n${lines.join('\n')}`
}

export interface LoadedServers {
  servers: Record<string, ServerConfig>
  /** Entries that failed validation, by server name: only the tasks that use them fail. */
  invalid: Record<string, string>
}

/**
 * Validates a `{ mcpServers: {...} }` object. Each server is checked on its
 * own, so one bad entry names itself and does not take the others down.
 */
export function parseServers(raw: unknown, source: string): LoadedServers {
  const file = ServersFileSchema.safeParse(raw)
  if (!file.success) throw new ServerConfigError(describeIssues(`Invalid server config in ${source}`, file.error, ['mcpServers']))
  const result: LoadedServers = { servers: {}, invalid: {} }
  for (const [name, entry] of Object.entries(file.data.mcpServers)) {
    const named = ServerNameSchema.safeParse(name)
    const parsed = ServerConfigSchema.safeParse(entry)
    const problems = [
      ...(named.success ? [] : [`  - mcpServers.${name}: ${named.error.issues[0]?.message}`]),
      ...(parsed.success ? [] : [describeServerIssues(name, entry, parsed.error)]),
    ]
    if (problems.length) result.invalid[name] = `Invalid config for server "${name}" in ${source}:\n${problems.join('\n')}`
    else if (parsed.success) result.servers[name] = parsed.data
  }
  return result
}

/** A union error is unreadable; explain it against the kind of server the entry looks like. */
function describeServerIssues(name: string, entry: unknown, error: z.ZodError): string {
  const obj = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>
  const kind = 'command' in obj ? 'stdio' : 'url' in obj ? 'http' : 'module' in obj ? 'in-process' : undefined
  if (!kind) {
    // Most often a misspelt kind key (`comand`): say which.
    const typos = Object.keys(obj).flatMap((key) => {
      const near = nearKey(key, ['command', 'url', 'module'])
      return near ? [`"${key}" (did you mean "${near}"?)`] : []
    })
    return `  - mcpServers.${name}: needs "command" (stdio), "url" (streamable HTTP) or "module" (in-process)${typos.length ? `; it has ${typos.join(', ')}` : ''}`
  }
  const schema = ServerConfigSchema.options[kind === 'stdio' ? 0 : kind === 'http' ? 1 : 2]
  const result = schema.safeParse(entry)
  const issues = result.success ? error.issues : result.error.issues
  const known = Object.keys((kind === 'stdio' ? StdioServerSchema : kind === 'http' ? HttpServerSchema : InProcessServerSchema).shape)
  return issues.map((i) => `  - mcpServers.${name}.${i.path.join('.') || '(root)'}: ${unknownKeys(i, known) ?? i.message}`).join('\n')
}

/** An unknown-keys issue, with the known key each one is likely a typo of. */
function unknownKeys(issue: z.core.$ZodIssue, known: readonly string[]): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined
  const keys = issue.keys.map((key) => {
    const near = nearKey(key, known)
    return `"${key}"${near ? ` (did you mean "${near}"?)` : ''}`
  })
  return `unknown key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
}

/** Reads and validates a servers file; the error names the file. */
export function loadServersFile(path: string, root = process.cwd()): LoadedServers {
  const file = resolve(root, path)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ServerConfigError(`Cannot read server config ${file}: ${(error as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    // Node 20 places the error by character offset only: say line and column, as an editor shows them.
    const message = (error as Error).message.replace(
      /at position (\d+)(?: \(line \d+ column \d+\))?/,
      (_, at: string) => `at ${lineAndColumn(text, Number(at))}`,
    )
    throw new ServerConfigError(`Server config ${file} is not valid JSON: ${message}`)
  }
  return parseServers(raw, file)
}

/**
 * Expands `${VAR}` (and VS Code's `${env:VAR}`) in env and header values from
 * the parent environment. An unset variable is an error naming the server,
 * rather than an empty secret that fails later and obscurely.
 */
export function expandVariables(
  server: string,
  values: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(values)) {
    out[key] = value.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const found = env[name]
      if (found === undefined)
        throw new ServerConfigError(
          `Server "${server}": ${/^\d+$/.test(key) ? `args[${key}]` : key} refers to \${${name}}, which is not set`,
        )
      return found
    })
  }
  return out
}
