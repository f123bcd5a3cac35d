/**
 * Writes test/fixtures/mcp-bench-prose-hashes.json: the hashes of the sentences of MCP-Bench's prompts, read
 * from templates that `mcp-bench import --mcp-bench-dir` (or scripts/mcp-bench-judge-conformance.py) wrote.
 * test/docs/no-mcp-bench-prose.integration.test.ts checks that no file of this repository holds one of them.
 *
 *     npx tsx scripts/mcp-bench-prose-hashes.ts <mcp-bench-templates.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { proseOf, sentenceHashes } from '../test/support/prose-sentences.ts'

const file = process.argv[2]
if (!file) throw new Error('usage: npx tsx scripts/mcp-bench-prose-hashes.ts <mcp-bench-templates.json>')
const templates = JSON.parse(readFileSync(file, 'utf8')) as { source: { commit: string | null } }
const hashes = sentenceHashes(proseOf(templates))
const out = join(import.meta.dirname, '..', 'test', 'fixtures', 'mcp-bench-prose-hashes.json')
writeFileSync(
  out,
  `${JSON.stringify({ generatedBy: 'scripts/mcp-bench-prose-hashes.ts', commit: templates.source.commit, hashes }, null, 1)}\n`,
)
console.log(`wrote ${hashes.length} sentence hashes to ${out}`)
