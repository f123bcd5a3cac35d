import { defineConfig } from 'vitest/config'
import { mcpBench } from '../src/plugin.ts'

// Used by scripts/three-loops.ts: the reference row plus one model behind the three agent loops.
const model = process.env.THREE_LOOPS_MODEL ?? 'scripted-1'

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.THREE_LOOPS_OUT ?? 'bench-results/three-loops',
      agent: ['reference', { model, loop: 'tools' }, { model, loop: 'planner' }, { model, loop: 'react' }],
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
