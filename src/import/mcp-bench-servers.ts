import { existsSync } from 'node:fs'
import { ServersFileSchema } from '../contracts/server-config.ts'
import { realServerEntry, serverDirectory, type CheckoutLocation, type McpBenchCommands } from './mcp-bench-commands.ts'
import { fixtureEntry, hasFixture } from './mcp-bench-fixtures.ts'
import { serverKey, type ServerUsage } from './import-mcp-bench.ts'

/**
 * Where an MCP-Bench server's entry comes from: this project's offline `fixture`, the `real` server
 * (its directory exists in the given checkout), or `missing` (neither: the entry, if one could be
 * written from commands.json, will not start until the checkout has the server).
 */
type ServerSource = 'fixture' | 'real' | 'missing'

export interface ServerRow {
  /** The MCP-Bench server name. */
  name: string
  /** Its key in the servers file and in the generated tasks. */
  key: string
  source: ServerSource
  /** Tasks that use it as one of their own servers. */
  main: number
  /** Tasks that name it as a distraction server. */
  distractor: number
}

export interface ServerPlanInput {
  /** commands.json, when known: every server in it gets an entry. */
  commands?: McpBenchCommands
  /** Server usage counted over the imported task files (servers named there get a row even if commands.json lacks them). */
  usage: ReadonlyMap<string, ServerUsage>
  /** Map servers to this project's fixtures where one exists. */
  offline: boolean
  fixturesDir: string | undefined
  where: CheckoutLocation
  /** The user's `--map` (MCP-Bench name → key). */
  overrides?: Readonly<Record<string, string>>
}

export interface ServerPlan {
  rows: ServerRow[]
  /** Entries to write, keyed as the tasks name them. */
  entries: Record<string, Record<string, unknown>>
}

/** One row and (where one can be written) one servers-file entry per MCP-Bench server, sorted by name. */
export function planServers(input: ServerPlanInput): ServerPlan {
  const names = [...new Set([...Object.keys(input.commands ?? {}), ...input.usage.keys()])].sort((a, b) => a.localeCompare(b))
  const rows: ServerRow[] = []
  const entries: Record<string, Record<string, unknown>> = {}
  for (const name of names) {
    const key = serverKey(name, input.overrides)
    const usage = input.usage.get(name) ?? { main: 0, distractor: 0 }
    const command = input.commands?.[name]
    let source: ServerSource = 'missing'
    if (input.offline && hasFixture(name, input.fixturesDir)) {
      source = 'fixture'
      entries[key] = fixtureEntry(name)
    } else if (command) {
      const dir = serverDirectory(command, input.where)
      source = dir !== undefined && existsSync(dir) ? 'real' : 'missing'
      entries[key] = realServerEntry(name, command, input.where)
    }
    rows.push({ name, key, source, main: usage.main, distractor: usage.distractor })
  }
  return { rows, entries }
}

/** The rows as an aligned plain-text table, with a totals line for the sources. */
export function renderServerTable(rows: readonly ServerRow[]): string {
  const header = ['MCP-Bench server', 'key', 'source', 'main tasks', 'distractor tasks']
  const cells = rows.map((r) => [r.name, r.key, r.source, String(r.main), String(r.distractor)])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const numeric = (i: number) => i >= 3
  const line = (c: string[]) =>
    c
      .map((v, i) => (numeric(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  const count = (s: ServerSource) => rows.filter((r) => r.source === s).length
  return (
    [
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...cells.map(line),
      `${rows.length} servers: ${count('fixture')} fixture, ${count('real')} real, ${count('missing')} missing`,
    ].join('\n') + '\n'
  )
}

export interface MergeResult {
  /** The servers file to write. */
  file: { mcpServers: Record<string, unknown> }
  added: string[]
  /** Keys the file already had, left as the user wrote them. */
  kept: string[]
}

/**
 * Adds entries to an existing servers file (or a new one) without touching what it already has:
 * a key the user already configured keeps the user's entry. `existing` is the parsed file, or
 * undefined when there is none; a malformed one is an error naming the field.
 */
export function mergeServersFile(existing: unknown, entries: Record<string, Record<string, unknown>>): MergeResult {
  let current: Record<string, unknown> = {}
  if (existing !== undefined) {
    const parsed = ServersFileSchema.safeParse(existing)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      throw new Error(`not a servers file: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    }
    current = parsed.data.mcpServers
  }
  const added: string[] = []
  const kept: string[] = []
  const merged: Record<string, unknown> = { ...current }
  for (const [key, entry] of Object.entries(entries)) {
    if (key in current) kept.push(key)
    else {
      merged[key] = entry
      added.push(key)
    }
  }
  return { file: { mcpServers: merged }, added, kept }
}
