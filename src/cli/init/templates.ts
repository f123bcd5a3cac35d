import { propertyKey } from '../typegen/json-schema-to-ts.ts'

/** A string as a single-quoted TypeScript literal. */
export function quote(text: string): string {
  return `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`
}

/** A JSON value as a TypeScript literal on one line: `{ city: 'Denver', days: 3 }`. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value)
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${literal(v)}`)
    return entries.length ? `{ ${entries.join(', ')} }` : '{}'
  }
  return JSON.stringify(value ?? null)
}

export const VITEST_CONFIG = `import { defineConfig } from 'vitest/config'
import { mcpBench } from 'vitest-mcp-bench/plugin'

// Benchmark tasks live in benchmarks/; \`npx vitest run benchmarks\` runs them. Without MCP_BENCH_MODEL the
// reference agent replays each task's reference plan; set it (and OPENAI_API_KEY or OPENAI_BASE_URL) to
// benchmark a model.
export default defineConfig({
  plugins: [mcpBench({
    servers: './mcp.servers.json',
    gate: { minPassRate: 0.8 },
  })],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
`

export const WORKFLOW = `# Runs the MCP benchmark on every push and pull request: the gate in vitest.config.ts decides the exit code,
# and bench-results/ (leaderboard.json, summary.md, report.html, junit.xml) is kept as an artifact.
name: mcp-bench
on:
  push:
  pull_request:
jobs:
  bench:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - run: npx vitest run benchmarks
        env:
          # Unset: the reference agent. Set the repository variable and secret to benchmark a model.
          MCP_BENCH_MODEL: \${{ vars.MCP_BENCH_MODEL }}
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: mcp-bench-results
          path: bench-results/
`

export interface ExampleTask {
  server: string
  tool: string
  args: Record<string, unknown>
  /** What the tool answered when init called it: the reference answer. */
  answer: string
}

/** The example task: one call to a read-only tool, which the reference agent replays and checks pass. */
export function exampleTaskFile(task: ExampleTask): string {
  const qualified = `${task.server}.${task.tool}`
  const withArgs = Object.keys(task.args).length ? ` with ${JSON.stringify(task.args)}` : ''
  return `import { mcpTask } from 'vitest-mcp-bench'

// Written by \`mcp-bench init\`: a first task that calls one read-only tool of "${task.server}". Make it yours:
// write the prompt a user would send, the reference calls that solve it, and the facts a good answer states.
mcpTask(${quote(`${task.server}/first-task`)}, {
  servers: [${quote(task.server)}],
  category: 'single-server/single',
  prompt: ${quote(`Call the ${task.tool} tool of the ${task.server} server${withArgs} and report what it answers.`)},
  reference: {
    calls: [{ id: 'call', tool: ${quote(qualified)}, args: ${literal(task.args)} }],
    answer: ${quote(task.answer)},
  },
}, ({ run, expect }) => {
  expect(run).toCallTool(${quote(qualified)})
  expect(run).toSucceedInToolCalls()
})
`
}
