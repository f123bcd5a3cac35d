#!/usr/bin/env bash
# Regenerates the conformance fixtures CI checks without an MCP-Bench checkout: templates.synthetic.json,
# judge-expected.synthetic.json and executor-expected.synthetic.json, from MCP-Bench's code with its wording
# swapped for made-up words (scripts/mcp-bench-synthetic.py). One key for the whole run, drawn here and
# never written down, so that the three files share their words and nobody can map them back.
#
#     bash scripts/mcp-bench-synthetic-conformance.sh /work/.mirror/Accenture+mcp-bench/repo
set -euo pipefail
mirror=${1:?usage: bash scripts/mcp-bench-synthetic-conformance.sh <MCP-Bench mirror or checkout>}
here=$(dirname "$0")
MCP_BENCH_SYNTHETIC_KEY=$(python3 -c 'import os; print(os.urandom(32).hex())')
export MCP_BENCH_SYNTHETIC_KEY
python3 "$here/mcp-bench-judge-conformance.py" --synthetic "$mirror"
python3 "$here/mcp-bench-executor-conformance.py" --synthetic "$mirror"
