#!/bin/bash
# Shows that test/scoring/mcp-bench-conformance.integration.test.ts fails when any one MCP-Bench formula is changed back to
# the project's own: each mutation is applied alone, the test is run, the file is restored.
#   bash scripts/mcp-bench-conformance-mutations.sh
set -u
cd "$(dirname "$0")/.."
mutate() { # file old new label
  local backup; backup=$(mktemp)
  cp "$1" "$backup"
  node -e 'const fs=require("fs");const [f,o,n]=process.argv.slice(1);const s=fs.readFileSync(f,"utf8");if(!s.includes(o)){console.error("pattern missing");process.exit(1)}fs.writeFileSync(f,s.replace(o,n))' "$1" "$2" "$3" || { echo "$4: pattern missing"; return; }
  local result
  result=$(npx vitest run --project integration test/scoring/mcp-bench-conformance.integration.test.ts 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^ +Tests ')
  cp "$backup" "$1"; rm -f "$backup"
  echo "$4:$result"
}
mutate src/scoring/fidelity-formulas.ts 'return { ...rates, schemaCompliance: rates.schemaCompliance ?? 0 }' 'return rates' 'no valid calls gives null'
mutate src/runtime/checks/schema-compliance-mcp-bench.ts 'validateFormats: false })' "validateFormats: true, formats: { email: /@/ } })" 'format checked'
mutate src/runtime/checks/schema-compliance-mcp-bench.ts "return { valid: false, errors: [\`the tool's inputSchema is not a valid JSON Schema" "return { valid: true, errors: [\`the tool's inputSchema is not a valid JSON Schema" 'broken schema compliant'
mutate src/runtime/checks/schema-compliance-mcp-bench.ts 'return /draft-0[467]\b/.test(named) ? drafts.draft7 : drafts.v2020' 'return /2020-12/.test(named) ? drafts.v2020 : drafts.draft7' 'no $schema read as draft-07'
mutate src/scoring/judge-sample-averaging.ts "mode === 'mcp-bench-evaluator' ? 0 : null" 'null' 'a field no sample scored is null'
mutate src/scoring/judge-sample-averaging.ts "const score = mode === 'mcp-bench-evaluator' ? evaluatorNumber(raw) : asScore(raw)" 'const score = asScore(raw)' 'numeric strings count, booleans do not'
mutate src/scoring/judge-sample-averaging.ts "(mode === 'mcp-bench-evaluator' || (score >= rubric.scale.min" '((score >= rubric.scale.min' 'scores outside 1-10 dropped'
mutate src/scoring/fidelity-formulas.ts 'return lastCallRound >= maxRounds ? maxRounds - 1 : lastCallRound' 'return lastCallRound' 'no round_num - 1 at the cap'
mutate src/runtime/agents/planner.ts "if (!plan.continue && options.stoppingPlan === 'drop') break" '' 'stopping plan executed'
mutate src/scoring/rows.ts 'metrics: completedPlain.metrics, dimensions: completedPlain.dimensions,' 'metrics: completed.metrics, dimensions: completed.dimensions,' 'aggregate weighted by setting'
