import { readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { GitRevision } from '../../contracts/history.ts'

/**
 * The commit and branch a run measured, read without starting a `git`
 * process: GitHub Actions' variables when present, else the checkout's own
 * files (`.git/HEAD`, the ref it names, `packed-refs`). Works in linked
 * worktrees and submodules, whose `.git` is a file pointing elsewhere.
 * Returns null outside a checkout; never throws.
 */
export function gitRevision(root: string, env: NodeJS.ProcessEnv = process.env): GitRevision | null {
  // On a pull request GITHUB_REF_NAME is "<n>/merge"; GITHUB_HEAD_REF is the branch the PR comes from.
  const ciBranch = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || null
  if (env.GITHUB_SHA) return { commit: env.GITHUB_SHA, branch: ciBranch, source: 'ci' }
  try {
    const local = fromCheckout(root)
    if (!local) return ciBranch ? { commit: null, branch: ciBranch, source: 'ci' } : null
    return { ...local, branch: ciBranch ?? local.branch, source: 'git' }
  } catch {
    return null
  }
}

function fromCheckout(root: string): { commit: string | null; branch: string | null } | null {
  const gitDir = findGitDir(resolve(root))
  if (!gitDir) return null
  const commonDir = readCommonDir(gitDir)
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim()
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1]
  if (!ref) return { commit: isObjectId(head) ? head : null, branch: null }
  return {
    commit: readRef(gitDir, commonDir, ref),
    branch: ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref,
  }
}

/** The nearest `.git` at or above `dir`: a directory, or a file `gitdir: <path>` (worktrees, submodules). */
function findGitDir(dir: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, '.git')
    const kind = statKind(candidate)
    if (kind === 'dir') return candidate
    if (kind === 'file') {
      const target = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, 'utf8'))?.[1]?.trim()
      return target ? resolve(at, target) : null
    }
    if (dirname(at) === at) return null
  }
}

/** A linked worktree keeps its HEAD in its own directory and shares refs through `commondir`. */
function readCommonDir(gitDir: string): string {
  try {
    return resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim())
  } catch {
    return gitDir
  }
}

function readRef(gitDir: string, commonDir: string, ref: string): string | null {
  for (const dir of new Set([gitDir, commonDir])) {
    try {
      const value = readFileSync(join(dir, ref), 'utf8').trim()
      if (isObjectId(value)) return value
    } catch {
      // not a loose ref here
    }
  }
  try {
    // packed-refs: "<id> <ref>" lines, with "^<id>" lines for peeled tags.
    for (const line of readFileSync(join(commonDir, 'packed-refs'), 'utf8').split('\n')) {
      const [id, name] = line.trim().split(' ')
      if (name === ref && id && isObjectId(id)) return id
    }
  } catch {
    // no packed refs
  }
  return null // an unborn branch: no commit yet
}

const isObjectId = (text: string) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text)

function statKind(path: string): 'dir' | 'file' | null {
  try {
    const s = statSync(path)
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : null
  } catch {
    return null
  }
}
