import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

/** The referee's places on disk: what agent code may neither bundle nor read. */
export interface RefereePaths {
  root: string
  /**
   * Absolute directories of the referee's records: the reports (leaderboard.json lists `missingFacts`),
   * the run history, the judge cache (concrete prompts, reference calls) and model cassettes.
   */
  denied: string[]
}

/** A file that declares tasks (a Vitest test file): its specs hold the reference answer, facts and plan. */
const TASK_FILE = /\.(test|spec|bench)\.[cm]?[jt]sx?$/

function deniedDirs(paths: RefereePaths): string[] {
  return paths.denied
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel))
}

/** Why agent code may not include this file, or null. Files under node_modules are packages, never the referee's. */
export function deniedFile(file: string, paths: RefereePaths): string | null {
  const dir = deniedDirs(paths).find((d) => inside(file, d))
  if (dir) return `it is inside ${relative(paths.root, dir) || dir}, which holds the referee's records`
  if (TASK_FILE.test(file) && !file.split(sep).includes('node_modules')) return 'it is a task file (its specs hold the reference answer and facts)'
  return null
}

/**
 * The paths an isolated agent process may read: its bundle, every node_modules directory from the root up
 * (where its bare imports resolve), and the agent module's own directory when nothing of the referee's is in it.
 */
export function readablePaths(bundle: string, agentModule: string | null, paths: RefereePaths): string[] {
  const allowed = [bundle]
  for (let dir = paths.root; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules')
    if (existsSync(modules)) allowed.push(modules)
    if (dirname(dir) === dir) break
  }
  if (agentModule) {
    const own = dirname(agentModule)
    if (!holdsRefereeFiles(own, paths)) allowed.push(own)
  }
  return allowed
}

/** True when `dir` contains a task file, or one of the referee's directories lies in it or around it. */
function holdsRefereeFiles(dir: string, paths: RefereePaths): boolean {
  if (deniedDirs(paths).some((d) => inside(d, dir) || inside(dir, d))) return true
  // Bounded walk: an agent directory is small; a huge one is treated as unsafe rather than scanned for long.
  let budget = 5_000
  const walk = (at: string): boolean => {
    let entries
    try {
      entries = readdirSync(at, { withFileTypes: true })
    } catch {
      return false
    }
    for (const entry of entries) {
      if (--budget < 0) return true
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name === '.git') continue
        if (walk(join(at, entry.name))) return true
      } else if (TASK_FILE.test(entry.name)) return true
    }
    return false
  }
  return walk(resolve(dir))
}
