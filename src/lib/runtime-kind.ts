/** The runtime running this process: a child process the harness starts (an agent, the referee) is of the same kind. */
export function runtimeKind(): 'node' | 'bun' | 'deno' {
  if (process.versions.bun) return 'bun'
  if ((globalThis as { Deno?: unknown }).Deno) return 'deno'
  return 'node'
}
