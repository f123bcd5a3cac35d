import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { isInside } from '../../../lib/path-inside.ts'

/** The referee's places on disk: what agent code may neither bundle nor read. */
export interface RefereePaths {
  root: string
  /**
   * Absolute directories of the referee's records: the reports (leaderboard.json lists `missingFacts`),
   * the run history, the judge cache (concrete prompts, reference calls) and model cassettes.
   */
  denied: string[]
}

/** What an isolated agent process may read, decided by real paths, never by the names links give them. */
export interface ReadAccess {
  /** Paths (real, absolute) the agent may read: its bundle, the node_modules its imports resolve in, its own directory when clean. */
  readable: string[]
  /** Places that must look empty to it: the project's root and the referee's directories, by every name they have. */
  masked: string[]
  /** Why the agent's own directory is not readable, when it is not (said once per agent). */
  ownDirRefused?: string
}

/** A file that declares tasks (a Vitest test file): its specs hold the reference answer, facts and plan. */
const TASK_FILE = /\.(test|spec|bench)\.[cm]?[jt]sx?$/

function real(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** Why agent code may not include this file, or null. Files under node_modules are packages, never the referee's. */
export function deniedFile(file: string, paths: RefereePaths): string | null {
  const files = [...new Set([file, real(file)])]
  const dir = paths.denied.find((d) => files.some((f) => isInside(f, d) || isInside(f, real(d))))
  if (dir) return `it is inside ${relative(paths.root, dir) || dir}, which holds the referee's records`
  if (files.some((f) => TASK_FILE.test(f) && !f.split(sep).includes('node_modules')))
    return 'it is a task file (its specs hold the reference answer and facts)'
  return null
}

/** Directories by every name they have: as configured and as real paths. */
function byEveryName(dirs: readonly string[]): string[] {
  return [...new Set(dirs.flatMap((p) => [resolve(p), real(p)]))]
}

/**
 * The paths an isolated agent process may read, by real path:
 * - its bundle;
 * - every node_modules directory from the root up (where its bare imports resolve). A package there that is
 *   a link leading back into the project (`npm link`, workspaces) or to a place holding task files is left
 *   out: node_modules is then given entry by entry, without it;
 * - the agent module's own directory, when it holds no task file, no referee directory, no link leading
 *   out of it and no hard-linked file (a second name of a task file).
 */
export function readAccess(bundle: string, agentModule: string | null, paths: RefereePaths, tier: 'sandbox' | 'process'): ReadAccess {
  const places = byEveryName(paths.denied)
  const readable = [real(bundle)]
  for (let dir = paths.root; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules')
    if (existsSync(modules)) readable.push(...modulesAccess(real(modules), places, tier))
    if (dirname(dir) === dir) break
  }
  // Deno resolves bare imports through node_modules only beside a package.json: the project's manifest, which holds nothing of the referee's.
  const manifest = join(paths.root, 'package.json')
  if (tier === 'sandbox' && existsSync(manifest)) readable.push(real(manifest))
  let ownDirRefused: string | undefined
  if (agentModule) {
    const own = real(dirname(agentModule))
    const why = unsafeDir(own, places, { links: true })
    if (why) ownDirRefused = `its directory ${own} is not readable: it ${why}`
    else readable.push(own)
  }
  // The project's root is masked as well: what of it the agent may read is bound back over the mask.
  return {
    readable: [...new Set(readable)],
    masked: byEveryName([paths.root, ...paths.denied]),
    ...(ownDirRefused ? { ownDirRefused } : {}),
  }
}

/**
 * A node_modules directory for agent code. Links in it that lead out of it are judged by their target: a
 * safe one is given by its real path (the sandbox binds it), one leading to the referee is left out. The
 * runtime's permission model follows links below an allowed path, so under it a node_modules with such a
 * link is given entry by entry, without it; the sandbox binds it whole, since a link there resolves inside
 * the sandbox's root, where the referee's places are empty.
 */
function modulesAccess(modules: string, places: readonly string[], tier: 'sandbox' | 'process'): string[] {
  const entries = packageEntries(modules)
  const outward = entries.filter((e) => lstatSync(e, { throwIfNoEntry: false })?.isSymbolicLink() && !isInside(real(e), modules))
  const unsafe = new Set(outward.filter((e) => unsafeDir(real(e), places, { links: false }) !== null))
  const targets = outward.filter((e) => !unsafe.has(e)).map(real)
  if (tier === 'sandbox' || unsafe.size === 0) return [modules, ...targets]
  return [...entries.filter((e) => !unsafe.has(e) && !outward.includes(e)), ...targets]
}

/** The top-level entries of node_modules, with `@scope/name` packages one level down. */
function packageEntries(modules: string): string[] {
  const out: string[] = []
  for (const name of safeReaddir(modules)) {
    const path = join(modules, name)
    if (name.startsWith('@') && lstatSync(path).isDirectory()) out.push(...safeReaddir(path).map((n) => join(path, n)))
    else out.push(path)
  }
  return out
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/**
 * Why a directory may not be given to agent code, or null: it is, holds or lies in a referee place, or
 * holds a task file; with `links`, also a link leading out of it or a file with more than one name.
 * Bounded: a huge directory is refused rather than scanned for long.
 */
function unsafeDir(dir: string, places: readonly string[], { links }: { links: boolean }): string | null {
  const place = places.find((p) => isInside(p, dir) || isInside(dir, p))
  if (place) return `is, holds or lies in a referee directory (${place})`
  let budget = 5_000
  const walk = (at: string): string | null => {
    let entries
    try {
      entries = readdirSync(at, { withFileTypes: true })
    } catch {
      return null
    }
    for (const entry of entries) {
      if (--budget < 0) return 'holds more than 5,000 entries'
      const path = join(at, entry.name)
      if (entry.isSymbolicLink()) {
        if (links && !isInside(real(path), dir)) return `holds a link leading out of it (${path})`
      } else if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name === '.git') continue
        const found = walk(path)
        if (found) return found
      } else if (TASK_FILE.test(entry.name)) return `holds a task file (${path})`
      else if (links && entry.isFile() && lstatSync(path).nlink > 1)
        return `holds a file with another name elsewhere, a hard link (${path})`
    }
    return null
  }
  return walk(dir)
}
