import { defineConfig } from 'vitest/config'
import { mcpBench } from 'vitest-mcp-bench/plugin'
import { workloadOptions, workloadTest } from './options.ts'

// Workload W with the packed package installed in perf/bar.ts's scratch project, as a user's config reads (see options.ts).
export default defineConfig({ plugins: [mcpBench(workloadOptions())], test: workloadTest })
