import { defineConfig } from 'vitest/config'
import type { mcpBench as McpBench } from '../../src/plugin.ts'
import { workloadOptions, workloadTest } from './options.ts'

// Workload W with the compiled package (`npm run build`), loaded as from a user's node_modules (see options.ts).
// PERF_DIST: another build's directory (an A/B comparison of two builds); default this repository's dist/.
const dist = new URL(
  'src/',
  process.env.PERF_DIST ? `file://${process.env.PERF_DIST.replace(/\/?$/, '/')}` : new URL('../../dist/', import.meta.url),
)
// A computed specifier, so the config bundler leaves the import to Node instead of inlining the package.
const { mcpBench } = (await import(/* @vite-ignore */ new URL('plugin.js', dist).href)) as { mcpBench: typeof McpBench }

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('index.js', dist).pathname } },
  plugins: [mcpBench(workloadOptions())],
  // Vite externalizes packages in node_modules; the build is not there, so say so.
  test: { ...workloadTest, server: { deps: { external: [/\/dist\/src\//] } } },
})
