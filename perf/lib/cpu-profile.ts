/**
 * Reads V8 .cpuprofile files (`node --cpu-prof`) and sums self time per function and per module group, so
 * perf/bar.ts --profile can print where a run's CPU goes, main process and test worker apart.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

export interface SelfTime {
  name: string
  ms: number
}
export interface ProfileSummary {
  file: string
  totalMs: number
  functions: SelfTime[]
  groups: SelfTime[]
}

/** Where a script lives, shortened: a package name, this project's module, or node's own. */
export function groupOf(url: string): string {
  if (!url) return '(native / gc / idle)'
  const nm = url.lastIndexOf('/node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/')
    // This package, installed: by module, as from the repository.
    if (rest[0] === 'vitest-mcp-bench') return rest.slice(rest[1] === 'dist' ? 2 : 1).join('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (url.startsWith('node:')) return 'node internals'
  const src = /\/(src|reporters|fixtures|perf)\/(.*)$/.exec(url)
  return src ? `${src[1]}/${src[2]}` : url.replace(/^file:\/\//, '')
}

export function summarize(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  // Self time from the samples and their time deltas (hitCount × interval is coarser).
  const self = new Map<number, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  const functions = new Map<string, number>()
  const groups = new Map<string, number>()
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    if (functionName === '(idle)' || functionName === '(program)') continue
    const key = `${functionName || '(anonymous)'} ${groupOf(url)}:${lineNumber + 1}`
    functions.set(key, (functions.get(key) ?? 0) + ms)
    const group = functionName === '(garbage collector)' ? '(garbage collector)' : groupOf(url)
    groups.set(group, (groups.get(group) ?? 0) + ms)
  }
  const sorted = (m: Map<string, number>) => [...m].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms)
  const totalMs = [...self.entries()]
    .filter(([id]) => !['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName))
    .reduce((s, [, ms]) => s + ms, 0)
  return { file, totalMs, functions: sorted(functions), groups: sorted(groups) }
}

/** Every profile in `dir`, largest first. */
export function summarizeDir(dir: string): ProfileSummary[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => summarize(join(dir, f)))
    .sort((a, b) => b.totalMs - a.totalMs)
}

export function formatSummary(s: ProfileSummary, label: string, top = 15): string {
  const line = (e: SelfTime) => `  ${e.ms.toFixed(0).padStart(6)} ms  ${e.name}`
  return [
    `${label}: ${s.totalMs.toFixed(0)} ms busy (${s.file})`,
    ' by module:',
    ...s.groups.slice(0, top).map(line),
    ' by function (self time):',
    ...s.functions.slice(0, top).map(line),
  ].join('\n')
}

/**
 * Self time by function in `b` against `a`, largest increase first. Keyed without line numbers and chunk hashes:
 * two builds (or the floor and this project) place the same function on different lines and in other chunks.
 */
export function selfTimeDifference(a: ProfileSummary, b: ProfileSummary): Array<{ name: string; a: number; b: number }> {
  const byName = (s: ProfileSummary) => {
    const m = new Map<string, number>()
    for (const f of s.functions) {
      const name = f.name.replace(/:\d+$/, '').replace(/-chunk-[A-Z0-9]+\./, '-chunk.')
      m.set(name, (m.get(name) ?? 0) + f.ms)
    }
    return m
  }
  const [x, y] = [byName(a), byName(b)]
  return [...new Set([...x.keys(), ...y.keys()])]
    .map((name) => ({ name, a: x.get(name) ?? 0, b: y.get(name) ?? 0 }))
    .sort((p, q) => q.b - q.a - (p.b - p.a))
}

/** A profile's samples with each node's parent and each id's node, for walking up a sample's stack. */
function sampledTree(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  return { parent, byId, samples: profile.samples ?? [], deltas: profile.timeDeltas ?? [] }
}

/** Self time of the functions named `name`, by their `depth` nearest callers: who makes a hot native call. */
export function callersOf(file: string, name: string, depth = 4): SelfTime[] {
  const { parent, byId, samples, deltas } = sampledTree(file)
  const stacks = new Map<string, number>()
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!)!
    if (node.callFrame.functionName !== name) continue
    const chain: string[] = []
    for (let p = parent.get(node.id); p !== undefined && chain.length < depth; p = parent.get(p)) {
      const f = byId.get(p)!.callFrame
      chain.push(`${f.functionName || '(anonymous)'}@${groupOf(f.url)}:${f.lineNumber + 1}`)
    }
    const key = chain.join(' < ')
    stacks.set(key, (stacks.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  }
  return [...stacks].map(([n, ms]) => ({ name: n, ms })).sort((a, b) => b.ms - a.ms)
}

/** Inclusive time (self plus callees) of every function whose module matches `only`: what a call costs in all. */
export function inclusive(file: string, only: RegExp = /^(src|reporters)\//): SelfTime[] {
  const { parent, byId, samples, deltas } = sampledTree(file)
  const totals = new Map<string, number>()
  for (let i = 0; i < samples.length; i++) {
    const ms = (deltas[i + 1] ?? 0) / 1000
    const seen = new Set<string>()
    for (let p: number | undefined = samples[i]!; p !== undefined; p = parent.get(p)) {
      const f = byId.get(p)!.callFrame
      if (f.functionName === '(idle)' || f.functionName === '(program)') break
      const group = groupOf(f.url)
      if (!only.test(group)) continue
      const key = `${f.functionName || '(anonymous)'} ${group}:${f.lineNumber + 1}`
      if (seen.has(key)) continue
      seen.add(key)
      totals.set(key, (totals.get(key) ?? 0) + ms)
    }
  }
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms)
}
