import { builtinModules } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { fetchModule, type DevEnvironment } from 'vite'
import { ESModulesEvaluator, ModuleRunner, type ModuleRunnerImportMeta, type ModuleRunnerOptions } from 'vite/module-runner'
import type { TestProject } from 'vitest/node'
import { collecting } from '../runtime/task/collect.ts'

/**
 * Imports benchmark files in Vitest's main process for the progress display's count (src/node/task-count.ts),
 * with `vitest-mcp-bench` standing for a namespace whose `mcpTask` only records the task.
 *
 * Importing the package itself there (as `TestProject.import` would) loads everything a task needs to run: the
 * agents, the openai SDK, the MCP SDK, ajv and a zod of its own beside the plugin bundle's; about 0.5 s of CPU
 * and 25 MiB kept for the whole run, in the run's largest process, to learn a list of ids. The count needs only
 * the file's own code and whatever it imports to build its tasks (loops, JSON, shared task modules).
 *
 * Built from Vite's public module runner over the project's `ssr` environment, the one the benchmark's test
 * environment runs in, so the task files are transformed once for the count and the workers. Modules are
 * fetched without inlining their source maps, as Vitest's own fetcher does: Vite's inlining writes into the
 * cached transform the workers are given.
 *
 * Its modules get a plain `import.meta` (plainImportMeta below).
 */
export async function countingRunner(project: TestProject): Promise<ModuleRunner> {
  const environment = project.vite.environments.ssr
  if (!environment) throw new Error('the project has no ssr environment')
  const entry = await environment.pluginContainer.resolveId('vitest-mcp-bench', join(project.config.root, 'index.js'))
  const entryFile = entry ? entry.id.split('?')[0]! : undefined
  const standsForEntry = (result: unknown) => entryFile !== undefined && fileOf(result) === entryFile
  const urlNamesEntry = (url: string) => entryFile !== undefined && urlFiles(url, project.config.root).some((file) => file === entryFile)
  const transport = {
    async invoke(payload: unknown) {
      const { name, data } = (payload as { data: { name: string; data: unknown[] } }).data
      try {
        if (name === 'getBuiltins') return { result: builtins(environment) }
        if (name !== 'fetchModule') throw new Error(`the counting runner does not answer ${name}`)
        const [url, importer, options] = data as [string, string | undefined, { cached?: boolean; startOffset?: number }]
        // The package's entry is answered before Vite transforms it (it is the workers' bundle, which the count never
        // runs): Vite's import analysis has resolved the file's import of it to a URL of the file. An import Vite left
        // bare (a package it externalizes) is resolved by the fetch, which transforms nothing, and checked after it.
        if (urlNamesEntry(url)) return { result: { externalize: COUNTING_ENTRY, type: 'module' } }
        const result = await fetchModule(environment, url, importer, { ...options, inlineSourceMap: false })
        return { result: standsForEntry(result) ? { externalize: COUNTING_ENTRY, type: 'module' } : result }
      } catch (error) {
        return { error }
      }
    },
  }
  return new ModuleRunner(
    { transport, hmr: false, sourcemapInterceptor: false, createImportMeta: plainImportMeta },
    new CountingEvaluator(),
  )
}

/**
 * `import.meta` for the count's modules: `url`, `filename` and `dirname`, as Vite 6 and 7 make it themselves (they
 * have no `createImportMeta` option). Not Vite 8's Node one: on Node 20, where `module.registerHooks` is missing,
 * its `import.meta.resolve` registers a module hook, and a hook is a loader thread with its own V8 isolate, kept
 * for the rest of the run (about 12 MiB and 0.1 s of CPU in the run's largest process). Nor an import of Vite's
 * own plain one, which Vite 6 and 7 do not export. A file that calls `import.meta.resolve` while it is imported
 * is left uncounted, and says so.
 */
const plainImportMeta: NonNullable<ModuleRunnerOptions['createImportMeta']> = (file) => ({
  url: pathToFileURL(file).href,
  filename: file,
  dirname: dirname(file),
  env: {} as ModuleRunnerImportMeta['env'],
  glob: () => {
    throw new Error('import.meta.glob is not available while the run counts its tasks')
  },
  resolve: () => {
    throw new Error('import.meta.resolve is not available while the run counts its tasks')
  },
})

/** The id the runner gives the package's main entry; the evaluator answers it with the counting namespace. */
const COUNTING_ENTRY = 'vitest-mcp-bench:counting-entry'

class CountingEvaluator extends ESModulesEvaluator {
  override runExternalModule(file: string): Promise<unknown> {
    return file === COUNTING_ENTRY ? Promise.resolve(countingNamespace) : super.runExternalModule(file)
  }
}

function recordTask(id: string, spec: unknown, checks?: (...args: never[]) => unknown): void {
  collecting()?.push({ id, spec: spec as never, checks })
}

/**
 * The package as the count sees it: `mcpTask` records, and any other value a file imports is there (so the import
 * links) but throws if the file uses it while it is imported, which leaves that file uncounted. `then` is absent,
 * so the namespace is not taken for a promise.
 */
const countingNamespace: object = new Proxy(
  { mcpTask: recordTask },
  {
    has: (target, key) => key in target || (typeof key === 'string' && key !== 'then'),
    get: (target, key) => {
      if (key in target) return target[key as keyof typeof target]
      if (typeof key !== 'string' || key === 'then') return undefined
      return () => {
        throw new Error(`\`${key}\` from vitest-mcp-bench is not available while the run counts its tasks`)
      }
    },
  },
)

/** The file a fetch result is of: an externalized module's, or a transformed one's. */
function fileOf(result: unknown): string | undefined {
  const r = result as { externalize?: string; file?: string | null }
  if (r.externalize) return r.externalize.startsWith('file:') ? fileURLToPath(r.externalize) : r.externalize
  return r.file ?? undefined
}

/**
 * The files a module URL of Vite's can name: `/@fs/<absolute path>`, a `file:` URL, or a path from the root (or an
 * absolute one); a bare name names none.
 */
function urlFiles(url: string, root: string): string[] {
  const path = url.split('?')[0]!
  if (path.startsWith('/@fs/')) return [path.slice(4)]
  if (path.startsWith('file:')) return [fileURLToPath(path)]
  return path.startsWith('/') ? [path, join(root, path)] : []
}

/** The environment's builtins, serialized as Vite's own invoke handler sends them; Node's where Vite has no such list. */
function builtins(environment: DevEnvironment) {
  const list: Array<string | RegExp> = (environment.config.resolve as { builtins?: Array<string | RegExp> }).builtins ?? [
    ...builtinModules,
    /^node:/,
  ]
  return list.map((b) => (typeof b === 'string' ? { type: 'string', value: b } : { type: 'RegExp', source: b.source, flags: b.flags }))
}
