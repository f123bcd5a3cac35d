import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { gitRevision } from '../../src/node/history/git.ts'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const NO_CI = {}

function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcp-bench-git-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('the commit and branch of a run, read without git', () => {
  it('follows HEAD to a loose branch ref, from a subdirectory of the checkout', () => {
    const root = checkout({ '.git/HEAD': 'ref: refs/heads/feature/x\n', '.git/refs/heads/feature/x': `${A}\n`, 'pkg/sub/file.txt': '' })
    expect(gitRevision(join(root, 'pkg', 'sub'), NO_CI)).toEqual({ commit: A, branch: 'feature/x', source: 'git' })
  })

  it('reads a packed ref, and a detached HEAD as a commit with no branch', () => {
    const packed = checkout({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/packed-refs': `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/dev\n${A} refs/heads/main\n^${B}\n`,
    })
    expect(gitRevision(packed, NO_CI)).toEqual({ commit: A, branch: 'main', source: 'git' })
    const detached = checkout({ '.git/HEAD': `${B}\n` })
    expect(gitRevision(detached, NO_CI)).toEqual({ commit: B, branch: null, source: 'git' })
  })

  it("follows a linked worktree's .git file to its HEAD and the shared refs", () => {
    const root = checkout({
      'main/.git/refs/heads/topic': `${B}\n`,
      'main/.git/worktrees/wt/HEAD': 'ref: refs/heads/topic\n',
      'main/.git/worktrees/wt/commondir': '../..\n',
      'wt/.git': 'gitdir: ../main/.git/worktrees/wt\n',
    })
    expect(gitRevision(join(root, 'wt'), NO_CI)).toEqual({ commit: B, branch: 'topic', source: 'git' })
  })

  it('gives an unborn branch no commit, and is null outside any checkout', () => {
    expect(gitRevision(checkout({ '.git/HEAD': 'ref: refs/heads/main\n' }), NO_CI)).toEqual({ commit: null, branch: 'main', source: 'git' })
    expect(gitRevision(checkout({ 'x.txt': '' }), NO_CI)).toBeNull()
  })

  it("prefers GitHub Actions' variables, with the pull request's head branch over its merge ref", () => {
    const root = checkout({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${A}\n` })
    expect(gitRevision(root, { GITHUB_SHA: B, GITHUB_REF_NAME: '12/merge', GITHUB_HEAD_REF: 'fix-parser' })).toEqual({
      commit: B,
      branch: 'fix-parser',
      source: 'ci',
    })
    expect(gitRevision(root, { GITHUB_SHA: B, GITHUB_REF_NAME: 'main', GITHUB_HEAD_REF: '' })).toEqual({
      commit: B,
      branch: 'main',
      source: 'ci',
    })
  })
})
