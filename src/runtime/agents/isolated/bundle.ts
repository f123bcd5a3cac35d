import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { deniedFile, type RefereePaths } from './read-access.ts'

// Built as .js in dist/, run as .ts from source: resolve siblings with this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const here = (file: string) => fileURLToPath(new URL(`${file}${ext}`, import.meta.url))

/** A setup problem of the agent itself (module missing, no such export, a file it may not include). */
export class AgentSetupError extends Error {
  override name = 'AgentSetupError'
}

let sequence = 0

/**
 * Bundles an agent module with the host script into one ES module under `<root>/node_modules/.mcp-bench/`,
 * so its bare imports resolve to the project's node_modules as they would in-process. `vitest-mcp-bench`
 * in agent code becomes the agent-side entry (no Vitest, no referee); `vitest-mcp-bench/baselines` is pure agent code already. A file of the referee's (a task
 * file, the reports, the judge cache, cassettes) refuses to bundle. Returns the bundle's path.
 */
export async function bundleAgent(module: string, exportName: string, name: string, paths: RefereePaths): Promise<string> {
  const { build, version } = await import('vite')
  const dir = join(paths.root, 'node_modules', '.mcp-bench', 'agents')
  mkdirSync(dir, { recursive: true })
  const base = `${name.replace(/[^\w.-]+/g, '_')}-${process.pid}-${++sequence}`
  const isPath = module.startsWith('.') || isAbsolute(module)
  const target = isPath ? resolve(paths.root, module) : module
  if (isPath && !existsSync(target)) throw new AgentSetupError(`agent ${name}: module ${module} not found (looked for ${target})`)
  const entry = join(dir, `${base}.entry.mjs`)
  writeFileSync(
    entry,
    [
      `import * as agent from ${JSON.stringify(target)}`,
      `import { startHost } from ${JSON.stringify(here('./host'))}`,
      `startHost(agent, ${JSON.stringify(exportName)}, ${JSON.stringify(name)})`,
      '',
    ].join('\n'),
  )
  const agentEntry = here('./agent-entry')
  try {
    await build({
      configFile: false,
      root: paths.root,
      logLevel: 'silent',
      mode: 'production',
      resolve: {
        alias: [
          { find: /^vitest-mcp-bench$/, replacement: agentEntry },
          { find: /^vitest-mcp-bench\/baselines$/, replacement: here('../../../baselines') },
        ],
      },
      plugins: [
        {
          name: 'mcp-bench-agent-guard',
          enforce: 'pre',
          // Agent code keeps its own location: `new URL('./data.json', import.meta.url)` still names the file
          // beside the agent's source, not beside the bundle.
          transform(code, id) {
            const file = id.split('?')[0]!
            if (!code.includes('import.meta') || file.startsWith('\0') || file.split(sep).includes('node_modules')) return null
            return code
              .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href))
              .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(file))
              .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(dirname(file)))
          },
          load(id) {
            const why = deniedFile(id.split('?')[0]!, paths)
            if (why) throw new AgentSetupError(`agent ${name} may not include ${id}: ${why}`)
            return null
          },
        },
      ],
      build: {
        ssr: entry,
        outDir: dir,
        emptyOutDir: false,
        write: true,
        minify: false,
        sourcemap: false,
        copyPublicDir: false,
        target: 'node20',
        ...oneFile(version, `${base}.mjs`),
      },
    })
  } catch (error) {
    throw new AgentSetupError(buildFailure(error, name, module))
  } finally {
    rmSync(entry, { force: true })
  }
  return join(dir, `${base}.mjs`)
}

/**
 * The bundler's options for one ES module file of that name, with dynamic imports inlined. Vite 8 bundles with
 * Rolldown and 6 and 7 with Rollup (the package's peer range allows all three), and each says "one file" its own
 * way; the other's option is ignored, so the bundle would be written under another name and never found.
 */
function oneFile(viteVersion: string, fileName: string) {
  const output = { format: 'esm' as const, entryFileNames: fileName }
  return Number(viteVersion.split('.')[0]) >= 8
    ? { rolldownOptions: { output: { ...output, codeSplitting: false } } }
    : { rollupOptions: { output: { ...output, inlineDynamicImports: true } } }
}

/** The first lines of a build error that say what went wrong, without the bundler's stack. */
function buildFailure(error: unknown, name: string, module: string): string {
  const message = stripVTControlCharacters(error instanceof Error ? error.message : String(error))
  const denied = /agent \S+ may not include [^\n]*/.exec(message)
  if (denied) return denied[0]
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && !/^Build failed/.test(l))
  return `agent ${name}: cannot load module ${module}: ${lines[0] || message}`
}
