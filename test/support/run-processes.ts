import { readdirSync, readFileSync } from 'node:fs'

/**
 * Every live process whose environment holds `marker` (Linux: /proc). A
 * child Vitest run given a unique directory in its environment passes it to
 * its workers and the orphan watchdog; servers get it through their config
 * and pass it on to what they start. So this counts a run's processes
 * whatever group or session they moved to, and however they were orphaned.
 */
export function processesWith(marker: string): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
      // A zombie has exited; it only waits for its parent to read its status.
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue
      found.push({
        pid: Number(entry),
        command: readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim().slice(0, 160),
      })
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found
}

/** True while the process runs: exists and is not a zombie (an exited process its parent, or an init that does not reap, has not collected). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))
  } catch {
    return false
  }
}
