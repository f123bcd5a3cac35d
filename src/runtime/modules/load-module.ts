import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Imports one module specifier; inside a Vitest worker this is Vitest's own module runner. */
export type ModuleImporter = (specifier: string) => Promise<unknown>

/**
 * Where the importer is kept: on `globalThis`, not in this module. In a project that runs this package from
 * source (this repository), Vitest loads the environment and the setup file through two module runners, so
 * each has its own copy of this module; a module-level variable set by the setup file was invisible to the
 * environment, which then started a whole Vite server per in-process server it loaded.
 */
const IMPORTER = Symbol.for('vitest-mcp-bench.runner-importer')
const holder = globalThis as { [IMPORTER]?: ModuleImporter }

/**
 * Called by the setup file the plugin adds (`./runner-setup.ts`). Vitest always runs setup files through its
 * module runner, never natively, so the `import()` written there is the runner's: it transforms TypeScript
 * and resolves like Vite, on Node, Bun and Deno alike. Everything else in this package is loaded natively
 * from node_modules, where a plain `import()` of a `.ts` file fails ("Unknown file extension").
 */
export function useRunnerImporter(importer: ModuleImporter | undefined): void {
  holder[IMPORTER] = importer
}

const TYPESCRIPT = /\.[cm]?tsx?$/

/**
 * Loads a module a user's config names (a custom agent, an in-process server): a path relative to the
 * project root, an absolute path, or a package specifier. In a benchmark run it goes through Vitest's
 * module runner, so `.ts` works with no extra config. Outside Vitest (the CLI) JavaScript is imported
 * natively and TypeScript through Vite's own runner (`runnerImport`), Vite being a peer of this package.
 */
export async function loadModule(module: string, root: string): Promise<Record<string, unknown>> {
  const isPath = module.startsWith('.') || isAbsolute(module)
  const path = isPath ? resolve(root, module) : module
  const runnerImporter = holder[IMPORTER]
  if (runnerImporter) return (await runnerImporter(path)) as Record<string, unknown>
  if (isPath && TYPESCRIPT.test(path)) {
    const { runnerImport } = await import('vite')
    const { module: loaded } = await runnerImport<Record<string, unknown>>(path, { root, logLevel: 'silent' })
    return loaded
  }
  return (await import(/* @vite-ignore */ isPath ? pathToFileURL(path).href : path)) as Record<string, unknown>
}
