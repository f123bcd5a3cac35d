#!/usr/bin/env bash
# Packs the library as npm would publish it, installs the tarball into a fresh
# project and runs one benchmark there: proves the published entry points
# (compiled dist/, the plugin, the environment, the matchers) work from node_modules.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
vitest_version="$(node -p "require('$repo/package.json').devDependencies.vitest")"
vite_version="$(node -p "require('$repo/package.json').devDependencies.vite")"

(cd "$repo" && npm pack --silent --pack-destination "$work" >/dev/null)
mkdir -p "$work/app/benchmarks"
cd "$work/app"
cat > package.json <<'JSON'
{ "name": "consumer-smoke", "private": true, "type": "module" }
JSON
cat > server.mjs <<'JS'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
export function createServer() {
  const server = new McpServer({ name: 'calc', version: '1.0.0' })
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }))
  return server
}
JS
cat > vitest.config.ts <<'TS'
import { defineConfig } from 'vitest/config'
import { mcpBench } from 'vitest-mcp-bench/plugin'
export default defineConfig({ plugins: [mcpBench({ servers: { calc: { module: './server.mjs' } } })] })
TS
cat > benchmarks/add.test.ts <<'TS'
import { mcpTask } from 'vitest-mcp-bench'
mcpTask('calc/add', {
  servers: ['calc'], prompt: 'Add 2 and 3.',
  reference: { calls: [{ id: 'a', tool: 'calc.add', args: { a: 2, b: 3 } }], answer: 'It is 5.', facts: ['5'] },
}, ({ run, expect }) => { expect(run).toCallTool('calc.add', { a: 2 }) })
TS
npm install --silent --no-audit --no-fund --prefer-offline "$work"/vitest-mcp-bench-*.tgz "vitest@$vitest_version" "vite@$vite_version"
npx vitest run benchmarks
node -e "
const b = require('./bench-results/leaderboard.json')
const t = b.tasks[0]
if (b.tasks.length !== 1 || t.status !== 'passed' || t.metrics.executionSuccess !== 1) { console.error('unexpected leaderboard', JSON.stringify(b.tasks)); process.exit(1) }
console.log('consumer smoke: 1 passed, 0 failed')
"
