/**
 * Runs a command and measures its whole process tree (the command, its workers and the servers they start),
 * so contenders that fork workers or spawn servers are charged for them:
 * - CPU: user + system time of the command and every descendant it waited for, read from a shell's
 *   /proc/self/stat (cutime + cstime) once the command has ended; plus the time of every descendant that
 *   outlived its parent (a helper process a main process leaves to exit on its own a moment later, such as
 *   this project's referee): such a process is reparented to init, whose wait the shell never sees, so it is
 *   followed in /proc instead, from the tree scan that first sees it orphaned, every 2 ms once the command
 *   has ended, until it has exited (a zombie's CPU is final). A descendant orphaned and gone between two
 *   scans (100 ms) goes uncounted;
 * - memory: sampled from /proc, the largest resident set of any one process of the tree (VmHWM, its own
 *   peak, so a spike between samples still counts) and the largest sum over the tree. The command's own
 *   process is read every 5 ms besides, so a peak just before it exits (its reports) is not missed;
 * - steal: the share of the machine's CPU time its hypervisor gave to other guests while the command ran
 *   (/proc/stat). On a shared VM it slows every contender of a round, the wall time most, so a figure measured
 *   under steal says so.
 * Linux only; elsewhere CPU and memory are reported as unknown (NaN).
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

export interface TreeRun {
  code: number | null
  wallMs: number
  /** User + system CPU of the whole tree, in ms; NaN where /proc is not available. */
  cpuMs: number
  /** Highest sampled sum of RSS over the tree, in bytes; NaN where /proc is not available. */
  peakRss: number
  /** Largest peak RSS (VmHWM) of any single process of the tree, in bytes. */
  maxProcessRss: number
  /** Peak RSS of the command itself (the main process, under the measuring shell; its VmHWM, read every 5 ms), in bytes; NaN where /proc is not available. */
  rootPeakRss: number
  /** Share (0–1) of the machine's CPU time stolen by the hypervisor while the command ran; NaN where /proc/stat is not available. */
  stealShare: number
  output: string
}

const PAGE = 4096
const linux = process.platform === 'linux'

/** One process as /proc/<pid>/stat shows it. */
interface ProcStat {
  parent: number
  rss: number
  /** Its own user + system time and that of the children it waited for, in ticks. */
  cpuTicks: number
  /** When it started (ticks since boot): with the pid, names the process even if the pid is reused. */
  start: string
  /** It has exited: a zombie (its CPU final) waiting for its parent, here init, to reap it. */
  ended: boolean
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      parent: Number(f[1]),
      rss: Number(f[21]) * PAGE,
      cpuTicks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      start: f[19]!,
      ended: f[0] === 'Z' || f[0] === 'X',
    }
  } catch {
    return undefined // the process ended between listing and reading
  }
}

/**
 * The descendants of a command, followed through the run so the ones its processes leave behind (orphans,
 * reparented to init) are charged with their CPU: their parents never wait for them, so the shell's
 * cutime never holds it.
 */
class Descendants {
  /** Every process seen in the tree, by pid, with its start time. */
  private readonly seen = new Map<number, string>()
  /** Processes of the tree that outlived their parents, with the CPU last read. */
  private readonly orphans = new Map<number, { start: string; cpuTicks: number }>()

  constructor(private readonly root: number) {}

  /** One scan of /proc: the tree's memory (RSS sum, largest VmHWM, the main process's RSS), and its orphans' CPU. */
  scan(): { sum: number; largest: number; main: number; mainPid: number | undefined } {
    const stats = new Map<number, ProcStat>()
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry)
      if (!Number.isInteger(pid)) continue
      const stat = procStat(pid)
      if (stat) stats.set(pid, stat)
    }
    let sum = 0
    let largest = 0
    for (const [pid, stat] of stats) {
      if (this.inTree(pid, stats)) {
        this.seen.set(pid, stat.start)
        sum += stat.rss
        largest = Math.max(largest, highWater(pid) ?? stat.rss)
      } else if (this.seen.get(pid) === stat.start) this.orphans.set(pid, { start: stat.start, cpuTicks: stat.cpuTicks })
    }
    // The command runs under the measuring shell: its own process is the shell's child (the shell itself if it exec'd).
    const main = [...stats].find(([, s]) => s.parent === this.root)?.[0]
    return { sum, largest, main: stats.get(main ?? this.root)?.rss ?? 0, mainPid: main }
  }

  private inTree(pid: number, stats: ReadonlyMap<number, ProcStat>): boolean {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = stats.get(p)?.parent) if (p === this.root) return true
    return false
  }

  /** After the command has ended: follows the orphans still running until they end (at most `limitMs`); their CPU in ticks. */
  async orphanTicks(limitMs = 10_000): Promise<number> {
    this.scan()
    const until = performance.now() + limitMs
    for (let alive = this.orphans.size > 0; alive && performance.now() < until; ) {
      alive = false
      for (const [pid, o] of this.orphans) {
        const stat = procStat(pid)
        if (!stat || stat.start !== o.start) continue
        o.cpuTicks = stat.cpuTicks
        if (!stat.ended) alive = true
      }
      if (alive) await new Promise((resolve) => setTimeout(resolve, 2))
    }
    let ticks = 0
    for (const o of this.orphans.values()) ticks += o.cpuTicks
    return ticks
  }
}

/** The machine's CPU time so far, in ticks: all of it, and what the hypervisor stole (the 8th field of /proc/stat's `cpu` line). */
function machineCpu(): { total: number; steal: number } | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
    return { total: ticks.slice(0, 8).reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 }
  } catch {
    return undefined
  }
}

function highWater(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : undefined
  } catch {
    return undefined
  }
}

// The shell waits for the command, then reports its children's CPU (the command's tree) on fd 3.
const WRAPPER = '"$@"; code=$?; cat /proc/$$/stat >&3; exit $code'
const TICK_MS = 10 // USER_HZ is 100 on Linux

export function runTree(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv; sampleMs?: number }): Promise<TreeRun> {
  const t0 = performance.now()
  const cpu0 = linux ? machineCpu() : undefined
  const argv = linux ? ['sh', '-c', WRAPPER, 'sh', ...command] : command
  const child = spawn(argv[0]!, argv.slice(1), { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] })
  let output = ''
  let stat = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  child.stdio[3]!.on('data', (d) => (stat += d))
  let peakRss = linux ? 0 : Number.NaN
  let maxProcessRss = linux ? 0 : Number.NaN
  let rootPeakRss = linux ? 0 : Number.NaN
  let mainPid: number | undefined
  const descendants = linux && child.pid !== undefined ? new Descendants(child.pid) : undefined
  const sample = () => {
    if (!descendants) return
    const tree = descendants.scan()
    mainPid ??= tree.mainPid
    rootPeakRss = Math.max(rootPeakRss, tree.main)
    peakRss = Math.max(peakRss, tree.sum)
    maxProcessRss = Math.max(maxProcessRss, tree.largest)
  }
  // The main process's own peak (VmHWM) is read far more often than the tree is scanned: a test runner's
  // main process peaks while it writes its reports, in the last moments before it exits, and a peak that
  // ends less than one tree scan before the exit would otherwise go unseen (a run measured low by chance).
  const watchMain = () => {
    const hwm = mainPid === undefined ? undefined : highWater(mainPid)
    if (hwm === undefined) return
    rootPeakRss = Math.max(rootPeakRss, hwm)
    maxProcessRss = Math.max(maxProcessRss, hwm)
  }
  const timer = setInterval(sample, options.sampleMs ?? 100)
  const mainTimer = linux ? setInterval(watchMain, 5) : undefined
  return new Promise((resolve) => {
    child.on('close', async (code) => {
      clearInterval(timer)
      clearInterval(mainTimer)
      const wallMs = performance.now() - t0
      const orphanTicks = (await descendants?.orphanTicks()) ?? 0
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // Fields 16 and 17 of stat (cutime, cstime) are at 13 and 14 once the pid and name are cut off.
      const cpuMs = linux && fields.length > 14 ? (Number(fields[13]) + Number(fields[14]) + orphanTicks) * TICK_MS : Number.NaN
      const cpu1 = cpu0 && machineCpu()
      const stealShare = cpu0 && cpu1 && cpu1.total > cpu0.total ? (cpu1.steal - cpu0.steal) / (cpu1.total - cpu0.total) : Number.NaN
      resolve({ code, wallMs, cpuMs, peakRss, maxProcessRss, rootPeakRss, stealShare, output })
    })
  })
}
