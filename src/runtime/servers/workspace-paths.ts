import { realpathSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The name a task's workspace goes by in everything an agent, a model or the judge sees.
 *
 * Each task's `${TASK_DIR}` is a fresh temporary directory (`/tmp/mcp-bench-ws-GNKU99/filesystem-dI5rFi`), and a
 * workspace server shows it: @modelcontextprotocol/server-filesystem lists it as its allowed directory and names
 * it in every "access denied" and in search results. A model that repeats what it reads would answer differently
 * on every run, and the judge score it differently. The server cannot be told another name (it is third-party
 * code, and it needs a real directory), so the harness translates at the one place every call passes, the
 * recorder: on the way out, the real directory becomes `/workspace` in results, errors and tool descriptions; on
 * the way in, an argument that is a path under `/workspace` becomes the real one. The server keeps its real
 * directory, the agent and everything recorded see the stable one.
 *
 * Each workspace server of a task has its own directory, and each is `/workspace` to calls of that server: a call
 * goes to one server, so the name is never ambiguous.
 */
const WORKSPACE_NAME = '/workspace'

export interface WorkspacePaths {
  /** Arguments for the server: each string that is `/workspace` or a path under it, under the real directory. */
  toServer<T>(value: T): T
  /** What the server said, for the agent: the real directory (and the temporary directory holding it) renamed. */
  toAgent<T>(value: T): T
  text(value: string): string
}

/** No workspace: both ways unchanged. */
const SAME: WorkspacePaths = { toServer: (v) => v, toAgent: (v) => v, text: (v) => v }

export function workspacePaths(dir: string | undefined): WorkspacePaths {
  if (!dir) return SAME
  // The directory as this process named it and as the server may report it (a server that resolves links, under a
  // TMPDIR that is a link, as on macOS: /var → /private/var). Its parent, the process's directory of workspaces, is
  // `/` to the agent, so `/workspace/../x` comes back as `/x`, where the agent's own path arithmetic puts it.
  const dirs = spellings(dir).sort((a, b) => b.length - a.length)
  const parents = spellings(dirname(dir)).sort((a, b) => b.length - a.length)
  const text = (value: string): string => {
    let out = value
    for (const d of dirs) out = out.split(d).join(WORKSPACE_NAME)
    for (const p of parents) out = out.split(`${p}/`).join('/').split(p).join('/')
    return out
  }
  const inward = (value: string): string => {
    if (value === WORKSPACE_NAME) return dir
    return value.startsWith(`${WORKSPACE_NAME}/`) ? `${dir}${value.slice(WORKSPACE_NAME.length)}` : value
  }
  return {
    toServer: (value) => mapStrings(value, inward),
    toAgent: (value) => mapStrings(value, text),
    text,
  }
}

function spellings(path: string): string[] {
  let real = path
  try {
    real = realpathSync(path)
  } catch {
    // Gone already (the task is over): the name it was given is the one to replace.
  }
  return [...new Set([path, real])]
}

/** A copy with every string (not keys) passed through `step`; the same value when nothing changes. */
function mapStrings<T>(value: T, step: (text: string) => string): T {
  if (typeof value === 'string') return step(value) as T
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, step)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, step)])) as T
  }
  return value
}
