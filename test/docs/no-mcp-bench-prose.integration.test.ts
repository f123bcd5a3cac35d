import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findSentences, proseOf, sentenceHashes, type SentenceHash } from '../support/prose-sentences.ts'

/**
 * No sentence of MCP-Bench's prompts is in this repository: the released-code judge takes them from the
 * user's checkout at import time. Checked against the committed hashes of those sentences
 * (test/fixtures/mcp-bench-prose-hashes.json, from scripts/mcp-bench-prose-hashes.ts) and, when MCP-Bench's
 * templates are at hand (the judge conformance's templates.local.json, or MCP_BENCH_TEMPLATES), against the
 * sentences read from them now.
 */
const root = join(import.meta.dirname, '..', '..')
const committed = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'mcp-bench-prose-hashes.json'), 'utf8')) as {
  hashes: SentenceHash[]
}
const templatesFile = process.env.MCP_BENCH_TEMPLATES ?? join(root, 'test', 'fixtures', 'mcp-bench-conformance', 'templates.local.json')

/** The repository's files as git tracks them (or would, once added): what a commit would carry. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return out.split('\0').filter((f) => f && existsSync(join(root, f)))
}

function filesHolding(sentences: readonly SentenceHash[]): string[] {
  const hits: string[] = []
  for (const file of repositoryFiles()) {
    const bytes = readFileSync(join(root, file))
    if (bytes.includes(0)) continue // binary
    if (findSentences(bytes.toString('utf8'), sentences).length > 0) hits.push(file)
  }
  return hits
}

describe("no sentence of MCP-Bench's prompts in this repository", () => {
  it("the committed hashes cover MCP-Bench's judge and executor prompts", () => {
    // About a hundred sentences: the rubric's bands, the scoring rules, the reply format, the round summaries.
    expect(committed.hashes.length).toBeGreaterThan(80)
  })

  it('finds a sentence when one is there (the search works)', () => {
    const probe = sentenceHashes(['The quick brown fox jumps over the lazy dog.'])
    expect(findSentences('x = "the QUICK brown fox,\n jumps over the lazy  dog" // copied', probe)).toHaveLength(1)
    expect(findSentences('the quick brown fox jumps over a lazy dog', probe)).toHaveLength(0)
  })

  it('no tracked file holds one of the committed sentences', () => {
    expect(filesHolding(committed.hashes)).toEqual([])
  }, 300_000)

  it.skipIf(!existsSync(templatesFile))(
    'no tracked file holds a sentence of the templates at hand',
    () => {
      expect(filesHolding(sentenceHashes(proseOf(JSON.parse(readFileSync(templatesFile, 'utf8')))))).toEqual([])
    },
    300_000,
  )
})
