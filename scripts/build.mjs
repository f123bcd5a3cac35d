#!/usr/bin/env node
// `npm run build` (and so `npm pack`): compiles the library, its reporters and the fixture servers into dist/,
// then copies each fixture's data/*.json beside its compiled server, where it reads them from
// (`new URL('./data/…', import.meta.url)`), and bundles the main-process entry (see below). dist/ is removed
// first so no stale module ships.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
// report's page and the charts stay chunks of their own, loaded only when a report is drawn. Everything else in
// dist/ (the worker's modules, the CLI, the fixtures) stays file by file; dist/src/plugin.d.ts is tsc's.
const { build } = await import('esbuild')
const bundleDir = join(dist, '.plugin-bundle')
await build({
  entryPoints: { plugin: join(dist, 'src', 'plugin.js') },
  outdir: bundleDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The sources' maps (tsc's) are followed, so the bundle's map points at src/ and reporters/, which ship too.
  sourcemap: true,
  sourcesContent: false,
  chunkNames: 'plugin-[name]-[hash]',
  // The peers stay the user's own; ECharts is imported by a computed name, only when installed. The XML
  // library the JUnit report is written with stays a dependency of its own (its licence with it).
  external: ['vitest', 'vitest/*', 'vite', 'vite/*', 'echarts', 'echarts/*', 'fast-xml-builder'],
  logLevel: 'warning',
})
for (const file of readdirSync(bundleDir)) cpSync(join(bundleDir, file), join(dist, 'src', file))
rmSync(bundleDir, { recursive: true })
// zod's licence travels with the copy of it the bundle holds.
const zodLicense = createRequire(import.meta.url)
  .resolve('zod/package.json')
  .replace(/package\.json$/, 'LICENSE')
writeFileSync(
  join(dist, 'src', 'plugin-zod.LICENSE'),
  `The plugin bundle (plugin.js, plugin-*.js) includes zod (https://zod.dev):\n\n${readFileSync(zodLicense, 'utf8')}`,
)
console.log(`build: dist/ compiled; data of ${copied} fixture servers copied; the plugin bundled`)
