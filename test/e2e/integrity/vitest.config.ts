import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// The bundled suite (benchmarks/ at the repository root) run by test/e2e/integrity.test.ts with cheating agents.
// The agents come as JSON in E2E_INTEGRITY_AGENTS; the files to run are the child's command-line filters.
const root = resolve(import.meta.dirname, '../../..')

export default defineConfig({
  root,
  resolve: { alias: { 'vitest-mcp-bench': resolve(root, 'src/index.ts') } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      agent: JSON.parse(process.env.E2E_INTEGRITY_AGENTS ?? '"reference"'),
      // As the repository's own benchmarks project: distractors from the servers the suite is written for.
      distractors: {
        pool: [
          'math',
          'time',
          'weather',
          'unit-converter',
          'scientific-computing',
          'medical-calculator',
          'national-parks',
          'google-maps',
          'paper-search',
          'wikipedia',
          'bibliomantic',
          'nasa-data',
          'huggingface',
        ],
      },
      taskTimeout: 20_000,
      progress: false,
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
