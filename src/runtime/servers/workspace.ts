import {
  cpSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { dirname, isAbsolute, join, normalize, resolve } from 'node:path'
import { isInside } from '../../lib/path-inside.ts'
import type { ServerConfig } from '../../contracts/server-config.ts'
import { workspaceDirectory } from './orphan-guard.ts'

/** Files a task starts with: a directory to copy, or `{ "path": "content" }`. */
export type WorkspaceSeed = string | Record<string, string>

const PLACEHOLDER = /\$\{(?:env:)?TASK_DIR\}/

/** A server whose config mentions `${TASK_DIR}` works in a fresh directory per instance. */
export function usesWorkspace(config: ServerConfig): boolean {
  return PLACEHOLDER.test(JSON.stringify(config))
}

/**
 * Creates a fresh directory for one server instance and seeds it. The path
 * goes to the server as `${TASK_DIR}`; the directory is removed with the
 * instance, so no task sees another's files. Every workspace of this
 * process lives in one `mcp-bench-ws-*` directory that goes with the process,
 * however it ends (orphan-guard.ts).
 */
export function createWorkspace(server: string, seed: WorkspaceSeed | undefined, root: string): { dir: string; remove(): void } {
  // Check the seed before anything is created, so a refused seed leaves nothing behind.
  const from = typeof seed === 'string' ? resolve(root, seed) : undefined
  if (from && !statSync(from, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`task files: ${seed as string} is not a directory`)
  const files = typeof seed === 'object' ? Object.entries(seed) : []
  for (const [path] of files) {
    if (isAbsolute(path) || normalize(path).startsWith('..'))
      throw new Error(`task files: "${path}" must be a relative path inside the workspace`)
  }
  const dir = mkdtempSync(join(workspaceDirectory(), `${server}-`))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    // Symlinks in a seed directory are copied as the files they point to, never as links: a link in a
    // workspace would let the server read or overwrite a file on the host through it.
    if (from) cpSync(from, dir, { recursive: true, dereference: true })
    for (const [path, content] of files) {
      const target = resolve(dir, path)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, content)
    }
    pinTimes(dir)
  } catch (error) {
    remove()
    throw error
  }
  return { dir, remove }
}

/**
 * The instant every seeded file and folder was last modified and accessed: a server that shows file times
 * (server-filesystem's `get_file_info`) shows the same ones on every run. Files the agent writes carry the time it
 * wrote them, and a creation time cannot be set on most file systems (docs/explanation/reproducibility.md).
 */
export const SEED_TIME = new Date('2025-06-15T12:00:00Z')

function pinTimes(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isSymbolicLink()) lutimesSync(path, SEED_TIME, SEED_TIME)
    else utimesSync(path, SEED_TIME, SEED_TIME)
  }
  utimesSync(dir, SEED_TIME, SEED_TIME)
}

export type WorkspaceRead =
  | { kind: 'file'; content: string }
  | { kind: 'missing' }
  /** The path, or a symlink on its way, leads outside the workspace (`resolved` says where, when known). */
  | { kind: 'outside'; resolved: string }
  | { kind: 'not-a-file' }

/**
 * Reads `path` inside a workspace for an end-state check, and nothing
 * outside it. The workspace belongs to a server, which may plant a symlink
 * there (or a check may say `../..`): the real path is resolved first and
 * refused when it leaves the workspace, so no host file is ever quoted into
 * a report.
 */
export function readWorkspaceFile(dir: string, path: string): WorkspaceRead {
  const root = realpathSync(dir)
  if (isAbsolute(path)) return { kind: 'outside', resolved: path }
  const lexical = resolve(root, path)
  if (!isInside(lexical, root)) return { kind: 'outside', resolved: lexical }
  let real: string
  try {
    real = realpathSync(lexical)
  } catch {
    // Missing, or a dangling link: either way there is nothing inside to read.
    return { kind: 'missing' }
  }
  if (!isInside(real, root)) return { kind: 'outside', resolved: real }
  if (!statSync(real).isFile()) return { kind: 'not-a-file' }
  return { kind: 'file', content: readFileSync(real, 'utf8') }
}
