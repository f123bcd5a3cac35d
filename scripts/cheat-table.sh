#!/usr/bin/env bash
# The sandbox's measurement, as a user meets it: the packed package installed in a scratch project outside this
# repository (no symlinked node_modules), the bundled suite copied in, and custom agents that cheat (a debugger
# opened by signal, a link in their own directory, a package linked back), beside a random agent as the control
# and a task-file reader run with `isolation: 'none'`. Prints, per agent, the tier it was held under, its easy and
# hard pass rates and its setup errors (the door cheats run on both the sandbox and the process tier); then checks that the gate `isolation: 'sandbox'` failed the unisolated
# row and that no task file changed. Usage: bash scripts/cheat-table.sh [node|deno|bun] [benchmark files…]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runtime="${1:-node}"; shift || true
files=("$@")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
installed() { node -p "require('$repo/node_modules/$1/package.json').version"; }

(cd "$repo" && npm pack --silent --pack-destination "$work" >/dev/null)
mkdir "$work/app" && cd "$work/app"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund --prefer-offline -D "$(ls "$work"/vitest-mcp-bench-*.tgz)" \
  "vitest@$(installed vitest)" "vite@$(installed vite)" "@modelcontextprotocol/sdk@$(installed @modelcontextprotocol/sdk)" "zod@$(installed zod)" \
  "@modelcontextprotocol/server-filesystem@$(installed @modelcontextprotocol/server-filesystem)" \
  "@modelcontextprotocol/server-memory@$(installed @modelcontextprotocol/server-memory)" \
  "@modelcontextprotocol/server-everything@$(installed @modelcontextprotocol/server-everything)" \
  "@modelcontextprotocol/server-sequential-thinking@$(installed @modelcontextprotocol/server-sequential-thinking)"
# The suite and the fixture servers it names (which use the repository's src/lib), as files of the user's own.
mkdir -p src agents linked
cp -r "$repo/benchmarks" "$repo/fixtures" "$repo/mcp.servers.json" .
cp -r "$repo/src/lib" src/lib
cp "$repo"/test/e2e/integrity/agents/{debugger,linked-package-reader,task-file-reader}.ts agents/
cp "$repo/test/e2e/integrity/agents/linked-dir-reader.ts" linked/
ln -s ../benchmarks linked/tasks
ln -s .. node_modules/mcp-bench-linked-project
printf "import { randomAgent } from 'vitest-mcp-bench/baselines'\nexport default randomAgent({ seed: 1 })\n" > agents/random.ts
cat > vitest.config.ts <<'EOF'
import { defineConfig } from 'vitest/config'
import { mcpBench } from 'vitest-mcp-bench/plugin'

export default defineConfig({
  plugins: [mcpBench({
    servers: './mcp.servers.json',
    agent: [
      { module: './agents/random.ts', name: 'random' },
      { module: './agents/debugger.ts', name: 'debugger' },
      { module: './linked/linked-dir-reader.ts', name: 'linked-dir' },
      { module: './agents/linked-package-reader.ts', name: 'linked-package' },
      { module: './agents/debugger.ts', name: 'debugger/process', isolation: 'process' },
      { module: './linked/linked-dir-reader.ts', name: 'linked-dir/process', isolation: 'process' },
      { module: './agents/linked-package-reader.ts', name: 'linked-package/process', isolation: 'process' },
      { module: './agents/task-file-reader.ts', name: 'unisolated-reader', isolation: 'none' },
    ],
    // A cheat that reaches its task's spec answers with the spec's text: it passes on the facts alone, which
    // the unisolated reader (the positive control) shows. Without these two checks that row proves the cheat works.
    defaultChecks: { toolUse: false, answerLimits: false },
    distractors: { pool: ['math', 'time', 'weather', 'unit-converter', 'scientific-computing', 'medical-calculator', 'national-parks', 'google-maps', 'paper-search', 'wikipedia', 'bibliomantic', 'nasa-data', 'huggingface'] },
    taskTimeout: 20_000,
    progress: false,
    gate: { isolation: 'sandbox' },
  })],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
EOF
before="$(find benchmarks -type f -exec sha256sum {} + | sort | sha256sum)"
case "$runtime" in
  node) run=(node node_modules/vitest/vitest.mjs run) ;;
  deno) run=("$repo/node_modules/.bin/deno" run -A node_modules/vitest/vitest.mjs run) ;;
  bun) run=("$repo/node_modules/.bin/bun" --bun node_modules/vitest/vitest.mjs run) ;;
  *) echo "usage: $0 [node|deno|bun] [files…]" >&2; exit 2 ;;
esac
set +e; "${run[@]}" "${files[@]}" > "$work/out.txt" 2>&1; code=$?; set -e
after="$(find benchmarks -type f -exec sha256sum {} + | sort | sha256sum)"
grep -E 'no sandbox here|held less|GATE FAILED|held as' "$work/out.txt" | head -12 || true
node -e '
  const board = require(require("path").resolve("bench-results/leaderboard.json"))
  const pct = (t) => (t && t.tasks ? `${(100 * t.passed / t.tasks).toFixed(1)}%` : "-")
  console.log(`runtime: ${process.argv[1]}; exit ${process.argv[2]}; tasks per agent: ${board.agents[0]?.tasks}`)
  console.log("agent".padEnd(20), "held".padEnd(22), "easy".padStart(7), "hard".padStart(7), "setup errors".padStart(13))
  for (const a of board.agents) console.log(a.agent.padEnd(20), String(a.isolation).padEnd(22), pct(a.tiers.easy).padStart(7), pct(a.tiers.hard).padStart(7), String(a.setupErrors).padStart(13))
  console.log("gate:", board.gate.passed ? "passed" : `failed: ${board.gate.failures.join(" | ")}`)
  console.log("integrity:", JSON.stringify(board.integrity))
' "$runtime" "$code"
[ "$before" = "$after" ] && echo "benchmarks/: byte-identical after the run" || { echo "benchmarks/ CHANGED during the run" >&2; exit 1; }
