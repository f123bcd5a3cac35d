import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * What this process leaves on the machine while it runs servers: the process
 * group of each stdio server, and one directory holding every `${TASK_DIR}`.
 * Normally the hub ends both (connect.ts kills each group, workspaces are
 * removed with their instance). This guard covers the one path no code in
 * this process can: the process dying without running any (a Vitest worker
 * SIGKILLed, or OOM-killed).
 *
 * Why a watchdog, and why this one: a killed process runs no handler, and
 * Node offers no parent-death signal (Linux's PR_SET_PDEATHSIG). The main
 * Vitest process does not know the servers' groups and may be dead too; and
 * a server reading EOF on its stdin ends only a well-behaved server, not one
 * that ignores it, nor that server's children. So a tiny `/bin/sh` is started
 * once per process, in a session of its own (no terminal's Ctrl-C reaches
 * it), with a pipe on its stdin that only this process holds. The kernel
 * closes that pipe when this process ends, however it ends; the shell reads
 * EOF, sends SIGTERM to every group still listed, SIGKILL after a grace
 * period, and removes the workspace directory. Groups ended normally are
 * taken off its list first, so a recycled pid is never signalled. `sh` costs
 * about a megabyte and no CPU while it waits; a Node watchdog would cost
 * forty, and under Deno would need permissions.
 *
 * Where `/bin/sh` or process groups do not exist (Windows), there is no
 * watchdog: servers end on the normal paths only, and the workspace
 * directory is removed when this process exits.
 */

/** Seconds the watchdog waits between SIGTERM and SIGKILL. */
const GRACE_SECONDS = 2

// Lines on stdin: "+g<pgid>" / "-g<pgid>" add or remove a group, "+d<path>" names the directory.
// Pure shell, no other program but `kill`, `sleep` and `rm`, so it works on any POSIX system.
const SCRIPT = `
trap '' INT HUP PIPE
groups=' '
dir=''
while IFS= read -r line; do
  case "$line" in
    +g*) groups="$groups\${line#+g} " ;;
    -g*) g="\${line#-g}"; case "$groups" in *" $g "*) groups="\${groups%% $g *} \${groups#* $g }" ;; esac ;;
    +d*) dir="\${line#+d}" ;;
  esac
done
if [ -n "\${groups# }" ]; then
  for g in $groups; do kill -15 -$g 2>/dev/null; done
  sleep ${GRACE_SECONDS}
  for g in $groups; do kill -9 -$g 2>/dev/null; done
fi
[ -n "$dir" ] && rm -rf "$dir"
`

let watchdog: ChildProcess | null | undefined
let workspaceRoot: string | undefined

/** True where servers can get a process group of their own and a watchdog can end it. */
export const processGroups = process.platform !== 'win32' && existsSync('/bin/sh')

function tell(line: string): void {
  if (watchdog === undefined) watchdog = startWatchdog()
  watchdog?.stdin?.write(`${line}\n`)
}

function startWatchdog(): ChildProcess | null {
  if (!processGroups) return null
  try {
    const child = spawn('/bin/sh', ['-c', SCRIPT], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] })
    // The watchdog must never keep this process alive, nor fail it: without it, only the last-resort path is lost.
    child.on('error', () => {})
    child.stdin?.on('error', () => {})
    child.unref()
    ;(child.stdin as { unref?: () => void } | null)?.unref?.()
    return child
  } catch {
    return null
  }
}

/** A server's process group (its leader's pid) is alive: end it if this process dies first. */
export function guardGroup(pgid: number): void {
  tell(`+g${pgid}`)
}

/** The group was ended (or is being ended) by this process: the watchdog forgets it. */
export function releaseGroup(pgid: number): void {
  if (watchdog) tell(`-g${pgid}`)
}

/**
 * The directory this process creates every `${TASK_DIR}` in, made on first
 * use. It goes whenever this process goes: removed on exit, and by the
 * watchdog when the process is killed.
 */
export function workspaceDirectory(): string {
  if (workspaceRoot && existsSync(workspaceRoot)) return workspaceRoot
  workspaceRoot = mkdtempSync(join(tmpdir(), 'mcp-bench-ws-'))
  const dir = workspaceRoot
  tell(`+d${dir}`)
  if (!exitHooked) {
    exitHooked = true
    process.once('exit', () => workspaceRoot && rmSync(workspaceRoot, { recursive: true, force: true }))
  }
  return dir
}
let exitHooked = false
