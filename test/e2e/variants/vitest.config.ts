import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'
import servers from './mcp.servers.json' with { type: 'json' }
import { WORSE_DESCRIPTIONS } from './tasks.ts'

/**
 * The server author's example of docs/guide/server-authors.md, run as a child process by test/e2e/variants.test.ts:
 * the npm filesystem server as configured, a variant of it whose two tool descriptions are made worse, and the same
 * tasks with no server, all against the description follower (E2E_MODEL_URL) in one run. The gate bounds each
 * tool's recall drop.
 */
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      agent: { model: 'description-follower', name: 'follower', baseURL: process.env.E2E_MODEL_URL, apiKeyEnv: 'E2E_MODEL_KEY' },
      variants: {
        'worse-descriptions': { servers: { filesystem: { ...servers.mcpServers.filesystem, toolOverrides: WORSE_DESCRIPTIONS } } },
        // Does the server help at all: the same tasks with no filesystem server.
        'no-server': { servers: { filesystem: false } },
      },
      gate: { maxDropPerTool: { recall: 0.2 } },
      taskTimeout: 15_000,
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
