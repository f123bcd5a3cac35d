import { describe, expect, it } from 'vitest'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { leaderboardMarkdown } from '../../reporters/markdown.ts'
import { record } from '../support/trajectories.ts'

describe('summary.md', () => {
  const hostile = 'expected <img src=x onerror=alert(1)> | to be ``` ok\u0007\nReceived: "\u001b[31mnot ok\u001b[39m"'
  const board = buildLeaderboard({
    records: [record({ taskId: '<b>bold</b>|id' }, 'failed', [hostile])],
    fileErrors: [],
    interrupted: false,
    unfinished: [],
    gate: {},
    gateDeferred: null,
  })
  const md = leaderboardMarkdown(board)

  it('shows the whole failure message, expected and received, in a fence it cannot close', () => {
    const fence = md.match(/^(`{4,})text$/m)?.[1]
    expect(fence).toBeDefined()
    expect(md).toContain(`${fence}text\nexpected <img src=x onerror=alert(1)> | to be \`\`\` ok\nReceived: "not ok"\n${fence}`)
  })

  it('escapes HTML and table breaks outside fences, and keeps no control characters', () => {
    expect(md).toContain('### &lt;b&gt;bold&lt;/b&gt;\\|id · A · failed')
    expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/)
  })
})
