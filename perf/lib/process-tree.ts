/**
 * Runs a command and samples the resident memory of its whole process tree (the command, its workers
 * and the servers they start) from /proc, so contenders that fork workers or spawn servers are charged
 * for them. Linux only; elsewhere memory is reported as unknown.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

export interface TreeRun {
  code: number | null
  wallMs: number
  /** Highest sampled sum of RSS over the tree, in bytes; NaN where /proc is not available. */
  peakRss: number
  /** Highest sampled RSS of the command's own process (the main process), in bytes; NaN where /proc is not available. */
  rootPeakRss: number
  output: string
}

const PAGE = 4096

/** RSS of `root` and every descendant, and of `root` alone, in bytes. */
function treeRss(root: number): { tree: number; root: number } {
  const parent = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(pid, Number(fields[1]))
      rss.set(pid, Number(fields[21]) * PAGE)
    } catch {
      // the process ended between listing and reading
    }
  }
  let total = 0
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += bytes
        break
      }
    }
  }
  return { tree: total, root: rss.get(root) ?? 0 }
}

export function runTree(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv; sampleMs?: number }): Promise<TreeRun> {
  const t0 = performance.now()
  const child = spawn(command[0]!, command.slice(1), { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  let peakRss = process.platform === 'linux' ? 0 : Number.NaN
  let rootPeakRss = peakRss
  const sample = () => {
    if (child.pid === undefined || Number.isNaN(peakRss)) return
    const now = treeRss(child.pid)
    peakRss = Math.max(peakRss, now.tree)
    rootPeakRss = Math.max(rootPeakRss, now.root)
  }
  const timer = setInterval(sample, options.sampleMs ?? 50)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(timer)
      resolve({ code, wallMs: performance.now() - t0, peakRss, rootPeakRss, output })
    })
  })
}
