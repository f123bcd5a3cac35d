import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { ServerConfig } from '../config/servers.ts'

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
 * instance, so no task sees another's files.
 */
export function createWorkspace(server: string, seed: WorkspaceSeed | undefined, root: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-bench-${server}-`))
  if (typeof seed === 'string') {
    const from = resolve(root, seed)
    if (!statSync(from, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`task files: ${seed} is not a directory`)
    cpSync(from, dir, { recursive: true })
  } else if (seed) {
    for (const [path, content] of Object.entries(seed)) {
      const target = resolve(dir, path)
      if (isAbsolute(path) || relative(dir, target).startsWith('..')) throw new Error(`task files: "${path}" must be a relative path inside the workspace`)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, content)
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
