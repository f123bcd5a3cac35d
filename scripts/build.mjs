#!/usr/bin/env node
// `npm run build` (and so `npm pack`): compiles the library, its reporters and the fixture servers into dist/,
// then copies each fixture's data/*.json beside its compiled server, where it reads them from
// (`new URL('./data/…', import.meta.url)`), and bundles the main-process entry (see below). dist/ is removed
// first so no stale module ships.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
rmSync(dist, { recursive: true, force: true })

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })

const servers = join(root, 'fixtures', 'servers')
let copied = 0
for (const slug of readdirSync(servers)) {
  const data = join(servers, slug, 'data')
  if (!existsSync(data)) continue
  const target = join(dist, 'fixtures', 'servers', slug, 'data')
  cpSync(data, target, { recursive: true, filter: (source) => !source.endsWith('.ts') })
  copied++
}

// `vitest-mcp-bench/plugin` runs in Vitest's main process, the largest process of a run: compiled file by file it
// loads about 100 of our modules and the whole of zod (95 more, its locales included), whose source texts and
// module records stay in memory for the run. Bundled into one module (zod with it, so only the parts our schemas
// use), importing it costs about half the heap and 50-100 ms less CPU (docs/explanation/performance.md). The
// report's page and the charts stay chunks of their own, loaded only when a report is drawn.
const { build } = await import('esbuild')
const bundleDir = join(dist, '.plugin-bundle')
// Both bundles below: ES modules for Node 20 whose entries share chunks. The sources' maps (tsc's) are followed, so
// a bundle's map points at src/ and reporters/, which ship too.
const bundled = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
}
await build({
  ...bundled,
  entryPoints: { plugin: join(dist, 'src', 'plugin.js') },
  outdir: bundleDir,
  chunkNames: 'plugin-[name]-[hash]',
  // The peers stay the user's own; ECharts is imported by a computed name, only when installed. The XML
  // library the JUnit report is written with stays a dependency of its own (its licence with it).
  external: ['vitest', 'vitest/*', 'vite', 'vite/*', 'echarts', 'echarts/*', 'fast-xml-builder'],
})
for (const file of readdirSync(bundleDir)) cpSync(join(bundleDir, file), join(dist, 'src', file))
rmSync(bundleDir, { recursive: true })

// Every test worker imports the package's entry, its environment and its two setup files: file by file, about 130
// of our modules, each resolved, read, compiled and linked on its own before the worker's first task can start.
// Bundled in one build (the entries share every module, and its state, through common chunks), a worker of
// workload W takes about 60 ms less CPU to start (`perf/bar.ts --parts processes`, docs/explanation/performance.md).
// Packages stay external: zod, the SDKs and ajv are the copies the MCP SDK and
// the user's own code import. Vite transforms a setup file in the main process and keeps it there with its
// source map, so the matchers' setup file (written below) only imports its bundled code; the runner's setup file
// keeps its few lines, since its dynamic import must be the module runner's (so `.ts` agents load). A module that
// finds its sibling files through its own `import.meta.url` (the isolated agent's bundler) stays a file of its
// own at its place, so the paths it makes still hold: the bundle imports it through a placeholder, replaced
// below by its path from each output file. The rest of dist/ (the CLI, the fixtures) stays as tsc wrote it.
const workerDir = join(dist, '.worker-bundle')
const ownFile = 'vitest-mcp-bench-own-file:'
const stayFiles = ['runtime/agents/isolated/bundle.js']
const worker = await build({
  ...bundled,
  entryPoints: {
    index: join(dist, 'src', 'index.js'),
    baselines: join(dist, 'src', 'baselines.js'),
    'runtime/environment': join(dist, 'src', 'runtime', 'environment.js'),
    'runtime/modules/runner-setup': join(dist, 'src', 'runtime', 'modules', 'runner-setup.js'),
    'worker-matchers-setup': join(dist, 'src', 'runtime', 'matchers', 'setup.js'),
  },
  outdir: workerDir,
  chunkNames: 'worker-[name]-[hash]',
  packages: 'external',
  metafile: true,
  plugins: [
    {
      name: 'files-that-stay',
      setup(b) {
        b.onResolve({ filter: /\.js$/ }, (args) => {
          if (!args.importer) return null
          const file = stayFiles.find((f) => join(dirname(args.importer), args.path) === join(dist, 'src', f))
          return file ? { path: `${ownFile}${file}`, external: true } : null
        })
      },
    },
  ],
})
for (const output of Object.keys(worker.metafile.outputs)) {
  const target = join(dist, 'src', relative(workerDir, join(root, output)))
  mkdirSync(dirname(target), { recursive: true })
  let text = readFileSync(join(root, output), 'utf8')
  for (const stay of stayFiles) {
    const path = relative(dirname(target), join(dist, 'src', stay))
      .split('\\')
      .join('/')
    text = text.replaceAll(`${ownFile}${stay}`, path.startsWith('.') ? path : `./${path}`)
  }
  writeFileSync(target, text)
}
rmSync(workerDir, { recursive: true })
writeFileSync(
  join(dist, 'src', 'runtime', 'matchers', 'setup.js'),
  "// Vitest's setup file for the matchers, run through Vite's module runner: their code is in the worker's bundle.\nimport '../../worker-matchers-setup.js'\n",
)
rmSync(join(dist, 'src', 'runtime', 'matchers', 'setup.js.map'))
// zod's licence travels with the copy of it the bundle holds.
const zodLicense = createRequire(import.meta.url)
  .resolve('zod/package.json')
  .replace(/package\.json$/, 'LICENSE')
writeFileSync(
  join(dist, 'src', 'plugin-zod.LICENSE'),
  `The plugin bundle (plugin.js, plugin-*.js) includes zod (https://zod.dev):\n\n${readFileSync(zodLicense, 'utf8')}`,
)
console.log(`build: dist/ compiled; data of ${copied} fixture servers copied; the plugin and the worker's entries bundled`)
