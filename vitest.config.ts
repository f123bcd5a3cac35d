import { defineConfig } from 'vitest/config'
import { mcpBench } from './src/plugin.ts'

// The package's own names, resolved to the sources: `vitest-mcp-bench/fixtures/<slug>` (the importer's --offline
// entries) to the fixture's server.ts, `vitest-mcp-bench` to src/index.ts.
const alias = [
  { find: /^vitest-mcp-bench\/fixtures\/([\w-]+)$/, replacement: new URL('./fixtures/servers/$1/server.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench\/baselines$/, replacement: new URL('./src/baselines.ts', import.meta.url).pathname },
]

const SUITE_SERVERS = [
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
]

// Tests split by cost, by file name (not folder, so a file keeps its relative imports):
// - unit (`*.test.ts`): no child process, no listening socket (test/setup/unit-guard.ts fails a test that tries),
//   a 30 s backstop timeout (Vitest's 5 s default fails tests that do real work, HTML, baselines, fixture data,
//   when a 2-core machine is loaded; a timeout here only ends a test that hangs, it never measures one);
// - integration (`*.integration.test.ts`): MCP servers over stdio or real transports, fixtures, the scripted model
//   server on loopback, suite lint;
// - e2e (test/e2e/*.test.ts, `*.e2e.test.ts`): child Vitest runs, Chromium, tsc, signals.
// `npm test` runs unit + integration; .ci/run runs e2e too, and unit + integration under Bun and Deno.
const INTEGRATION = 'test/**/*.integration.test.ts'
const E2E = ['test/e2e/*.test.ts', 'test/**/*.e2e.test.ts']
// Vitest's default on a 2-core machine is one worker; integration and e2e tests spend much of their time
// waiting on child processes (servers, child Vitest runs), so a third worker keeps both cores busy. Set per
// project, not for the run, so the benchmarks project's workers are the plugin's to choose.
const TEST_WORKERS = 3

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          maxWorkers: TEST_WORKERS,
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', INTEGRATION, ...E2E],
          setupFiles: ['test/setup/unit-guard.ts'],
          // One module graph per worker, not per file: the unit files import much of src/ each, and importing it
          // afresh for every file was most of the project's time (57 s of a 2-core machine, 21 s without, the
          // same again under Bun and Deno). A unit test holds no process, socket or server, and the setup file
          // still runs before every file, so its guard still catches each attempt.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          maxWorkers: TEST_WORKERS,
          include: [INTEGRATION],
          exclude: ['test/e2e/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // test/e2e/<name>/ holds the small projects the e2e tests run a child Vitest on, not tests of this project.
        test: {
          name: 'e2e',
          maxWorkers: TEST_WORKERS,
          include: E2E,
          exclude: ['test/e2e/*/**'],
          testTimeout: 30_000,
          // A directory of the session's own for the child runs two files compare with, made once (test/support/shared-run.ts);
          // the stdio servers the child projects start, compiled once.
          globalSetup: ['test/setup/e2e-shared-runs.ts', 'test/setup/e2e-stdio-servers.ts'],
        },
      },
      {
        resolve: { alias },
        plugins: [
          mcpBench({
            servers: './mcp.servers.json',
            gate: { minPassRate: 1 },
            // The bundled suite draws its distractors from the servers it is written for, so adding a fixture
            // (for MCP-Bench's own tasks) does not change what its tasks see.
            distractors: { pool: SUITE_SERVERS },
          }),
        ],
        // No maxWorkers: the plugin picks the workers from what the tasks wait on (src/node/concurrency.ts):
        // Vitest's default for the reference agent, which only uses the CPU, more for a model run. Its own
        // group, after the tests, since Vitest runs projects with different worker counts in separate groups.
        test: {
          name: 'benchmarks',
          include: ['benchmarks/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          // Vitest keeps the modules it transformed for this project (this repository's src/ and fixtures, all
          // TypeScript) in node_modules/.experimental-vitest-cache, keyed by content, so a second run of the
          // suite skips transforming them again (`npx vitest --clearCache` empties it). A user of the package
          // imports its compiled dist/, which Vite does not transform at all.
          experimental: { fsModuleCache: true },
        },
      },
    ],
  },
})
