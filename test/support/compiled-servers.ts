import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { build } from 'esbuild'

/**
 * Where the stdio test servers are compiled to: inside the repository, so the packages they import resolve from its
 * node_modules as they do for the sources.
 */
const COMPILED_SERVERS_DIR = resolve('node_modules/.cache/mcp-bench-test-servers')

/**
 * Stdio test servers (test/support/*-stdio.ts and the like) compiled to plain JavaScript, for tests that start them
 * many times. Started as `node --import tsx <file>.ts`, each start cost about 1 s and 1.5 s of CPU (tsx's loader
 * thread and hooks); compiled, about 0.35 s. The server is the same code: only this repository's TypeScript is
 * compiled, and the packages it imports are loaded from node_modules as before. `entries` maps each compiled name
 * (`<name>.mjs` in COMPILED_SERVERS_DIR) to its source; returns the compiled files' paths by name.
 */
export async function compileServers<Name extends string>(entries: Record<Name, string>): Promise<Record<Name, string>> {
  const result = await build({
    entryPoints: entries,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: COMPILED_SERVERS_DIR,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'warning',
  })
  mkdirSync(COMPILED_SERVERS_DIR, { recursive: true })
  // Written whole (a rename): another test file or session may be starting the same server from this directory.
  for (const file of result.outputFiles) {
    const tmp = join(COMPILED_SERVERS_DIR, `.${basename(file.path)}.${process.pid}.tmp`)
    writeFileSync(tmp, file.contents)
    renameSync(tmp, file.path)
  }
  const names = Object.keys(entries) as Name[]
  return Object.fromEntries(names.map((name) => [name, join(COMPILED_SERVERS_DIR, `${name}.mjs`)])) as Record<Name, string>
}
