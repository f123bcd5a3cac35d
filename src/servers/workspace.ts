import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, normalize, resolve } from 'node:path'
import type { ServerConfig } from '../config/servers.ts'
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
    if (isAbsolute(path) || normalize(path).startsWith('..')) throw new Error(`task files: "${path}" must be a relative path inside the workspace`)
  }
  const dir = mkdtempSync(join(workspaceDirectory(), `${server}-`))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    if (from) cpSync(from, dir, { recursive: true })
    for (const [path, content] of files) {
      const target = resolve(dir, path)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, content)
    }
  } catch (error) {
    remove()
    throw error
  }
  return { dir, remove }
}
