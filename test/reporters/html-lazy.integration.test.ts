import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'

// Node itself, whichever runtime runs Vitest: the recorder uses Node's module hooks.
it('loads the charting library only when a report is drawn, never when the plugin is configured', () => {
  const log = join(mkdtempSync(join(tmpdir(), 'mcp-bench-loads-')), 'loads.txt')
  execFileSync(
    'node',
    ['--import', 'tsx', '--import', resolve('test/support/load-recorder.mjs'), resolve('test/support/lazy-report-probe.ts')],
    {
      env: { ...process.env, LOAD_LOG: log },
      stdio: 'pipe',
    },
  )
  const lines = readFileSync(log, 'utf8').trim().split('\n')
  const configured = lines.indexOf('CONFIGURED')
  expect(configured).toBeGreaterThan(0)
  const atConfig = lines.slice(0, configured)
  const afterwards = lines.slice(configured + 1)
  // The recorder sees what the plugin pulls in (its own reporter among it), and the report modules are not there.
  expect(atConfig.some((u) => u.endsWith('/reporters/leaderboard.ts'))).toBe(true)
  expect(atConfig.filter((u) => /\/echarts\/|\/zrender\/|\/reporters\/html(\.ts|\/)/.test(u))).toEqual([])
  expect(afterwards.some((u) => u.includes('/echarts/dist/echarts.esm.min.mjs'))).toBe(true)
  expect(lines.at(-1)).toBe('DREW svg')
})
