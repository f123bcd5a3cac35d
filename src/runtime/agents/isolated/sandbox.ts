import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmdirSync } from 'node:fs'
import { isProcessAlive } from '../../../lib/process-alive.ts'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { isInside } from '../../../lib/path-inside.ts'

/**
 * An operating-system sandbox for a custom agent's process, on Linux: unprivileged user, PID and mount
 * namespaces (util-linux `unshare`), a fresh root holding only what the agent is given, and no capabilities.
 *
 * - **PID namespace.** The agent sees its own processes only: it cannot signal Vitest's processes (no
 *   SIGUSR1 to open a worker's inspector), read their /proc entries, or attach to them.
 * - **Mount namespace and a new root.** The agent's root is an empty tmpfs with read-only binds of the
 *   system (/usr, /etc, the runtime's own install) and of the paths it may read. A link resolves inside that
 *   root, so a link to the task files, a package linked back to the project or `..` from node_modules
 *   finds nothing: the project's root and the referee's directories are masked by empty tmpfs mounts even
 *   where a system bind holds them. /tmp is a private tmpfs, writable and thrown away.
 * - **No capabilities.** After the root is made, the agent runs with an empty bounding set and
 *   no_new_privs, so it cannot mount, unmount or chroot its way back.
 *
 * The network namespace is the host's: the agent needs its own model endpoint. What the harness listens on
 * must hold nothing of the referee's (docs/explanation/processes.md).
 */

/** What the sandbox's root holds: read-only binds, and the places masked by an empty tmpfs. */
export interface SandboxLayout {
  /** Absolute paths (files or directories) bound read-only at the same path. */
  readable: readonly string[]
  /** Directories that must look empty even where a bind above holds them (the project root, the referee's places). */
  masked: readonly string[]
  /** The agent's working directory (created empty when nothing bound holds it). */
  cwd: string
}

export interface Sandboxed {
  command: string
  args: string[]
  /** The empty directory on the host where the sandbox's root is mounted (its own mount namespace only). */
  mountPoint: string
}

const SYSTEM_DIRS = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32']

/** POSIX shell single-quoting. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * The shell script, run as root of the new user namespace, that builds the root and starts the agent.
 * Every bind is remounted read-only; a source mount's locked flags (nosuid, nodev, noexec) are kept, as a
 * user namespace must.
 */
function script(layout: SandboxLayout, mountPoint: string): string {
  const lines = [
    'set -eu',
    `R=${q(mountPoint)}`,
    'mount -t tmpfs -o mode=755 mcp-bench-sandbox "$R"',
    'ro() { if [ -d "$1" ]; then mkdir -p "$R$1"; else mkdir -p "$(dirname "$R$1")"; : > "$R$1"; fi',
    '  mount --rbind "$1" "$R$1"',
    '  mount -o remount,bind,ro "$R$1" 2>/dev/null || mount -o remount,bind,ro,nosuid,nodev "$R$1" 2>/dev/null || mount -o remount,bind,ro,nosuid,nodev,noexec "$R$1"; }',
    'mask() { if [ -d "$R$1" ]; then mount -t tmpfs -o mode=755,size=1m mcp-bench-masked "$R$1"; fi; }',
  ]
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue
    const link = lstatSync(dir).isSymbolicLink()
    // Merged /usr: /bin -> usr/bin is recreated as the same link.
    lines.push(link ? `ln -s ${q(readlinkSync(dir))} "$R"${q(dir)}` : `ro ${q(dir)}`)
  }
  lines.push(
    'mkdir -p "$R/dev" "$R/proc" "$R/tmp" "$R/.old-root"',
    'mount --rbind /dev "$R/dev"',
    'mount -t proc proc "$R/proc"',
    'mount -t tmpfs -o mode=1777 mcp-bench-tmp "$R/tmp"',
  )
  // Masks first, then the agent's paths bound over them: what lies in a masked place is seen only if given.
  for (const dir of layout.masked) lines.push(`mask ${q(dir)}`)
  // A path inside another one given is already in view (and its read-only parent could not take a mount point).
  const given = [...new Set(layout.readable)]
  const readable = given.filter((p) => !given.some((o) => o !== p && isInside(p, o)))
  for (const path of readable) lines.push(`ro ${q(path)}`)
  // The referee's places inside a readable directory (a judge cache under node_modules) are masked again.
  for (const dir of layout.masked.filter((m) => readable.some((r) => r !== m && isInside(m, r)))) lines.push(`mask ${q(dir)}`)
  lines.push(
    `mkdir -p "$R"${q(layout.cwd)} 2>/dev/null || true`,
    'cd "$R"',
    'pivot_root . .old-root',
    'umount -l /.old-root',
    'rmdir /.old-root',
    `cd ${q(layout.cwd)}`,
    'exec setpriv --no-new-privs --bounding-set=-all --inh-caps=-all --ambient-caps=-all "$@"',
  )
  return lines.join('\n')
}

/** The runtime's own install (its binary and what sits beside it), when it lies outside the system's directories. */
export function runtimeDirs(): string[] {
  const exe = realpathSync(process.execPath)
  if (SYSTEM_DIRS.some((d) => exe.startsWith(`${d}/`))) return []
  // nvm, volta, asdf: <prefix>/bin/node with lib/ beside it; a runtime from npm: its package directory.
  return [dirname(dirname(exe))]
}

/** Wraps `command args` so it runs in a sandbox laid out as `layout`. The caller removes mountPoint after the process ends. */
export function sandboxed(command: string, args: readonly string[], layout: SandboxLayout): Sandboxed {
  const mountPoint = mkdtempSync(join(tmpdir(), `${MOUNT_PREFIX}${process.pid}-`))
  return {
    command: 'unshare',
    // --kill-child: the sandbox dies with the process the worker holds, whatever the agent left running.
    args: [
      '--user',
      '--map-root-user',
      '--pid',
      '--fork',
      '--kill-child',
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      script(layout, mountPoint),
      'mcp-bench-sandbox',
      command,
      ...args,
    ],
    mountPoint,
  }
}

const MOUNT_PREFIX = 'mcp-bench-sandbox-'

/** Removes the empty mount points left by processes that are gone (a worker killed outright never cleans up). */
function sweepMountPoints(): void {
  let names: string[]
  try {
    names = readdirSync(tmpdir())
  } catch {
    return
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${MOUNT_PREFIX}(\\d+)-`).exec(name)?.[1])
    if (pid && pid !== process.pid && !isProcessAlive(pid)) removeMountPoint(join(tmpdir(), name))
  }
}

export type SandboxSupport = { available: true } | { available: false; why: string }

let support: SandboxSupport | undefined

/**
 * Whether this system can make the sandbox: Linux, util-linux's unshare, setpriv and pivot_root, and
 * unprivileged user namespaces that may mount (some kernels and AppArmor profiles forbid it). Found by
 * making one, once per process (a few tens of milliseconds).
 */
export function sandboxSupport(): SandboxSupport {
  if (support) return support
  if (process.platform !== 'linux')
    return (support = { available: false, why: `no sandbox on ${process.platform} (Linux namespaces only)` })
  if (process.env.MCP_BENCH_NO_SANDBOX === '1') return (support = { available: false, why: 'MCP_BENCH_NO_SANDBOX=1' })
  sweepMountPoints()
  const probe = sandboxed('true', [], { readable: [], masked: [], cwd: '/' })
  try {
    const result = spawnSync(probe.command, probe.args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] })
    if (result.error) return (support = { available: false, why: `unshare could not run (${result.error.message})` })
    if (result.status !== 0) {
      const said = (result.stderr ?? '').trim().split('\n').filter(Boolean).slice(-1)[0] ?? `exit ${result.status}`
      return (support = { available: false, why: `unprivileged user namespaces are not usable here (${said})` })
    }
    return (support = { available: true })
  } finally {
    removeMountPoint(probe.mountPoint)
  }
}

/** Removes a sandbox's empty mount point on the host (its mounts lived in the sandbox's namespace only). */
export function removeMountPoint(dir: string): void {
  try {
    rmdirSync(dir)
  } catch {
    // Already gone, or a sweep removes it later.
  }
}
