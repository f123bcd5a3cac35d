import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { ToolLintReportSchema } from '../../src/contracts/tool-lint.ts'
import { WORSE_DESCRIPTIONS } from '../e2e/variants/tasks.ts'

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

function serversFile(entries: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lint-tools-'))
  writeFileSync(join(dir, 'mcp.servers.json'), JSON.stringify({ mcpServers: entries }))
  return join(dir, 'mcp.servers.json')
}

const lintServer = { module: resolve('test/support/lint-server.ts') }

describe('mcp-bench lint-tools (a live in-process server)', () => {
  it('warns about each thing that predicts confusion, naming the tool, the parameter and the other tool; the clean tool has none', async () => {
    const file = serversFile({ probe: lintServer })
    const json = join(file, '../report.json')
    const { out, io: cli } = io()
    expect(await main(['lint-tools', file, '--json', json], cli), out.stderr).toBe(0)
    const report = ToolLintReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')))
    expect(report.servers).toEqual([{ server: 'probe', tools: 4 }])
    const found = report.warnings.map((w) => [w.tool, w.rule, w.parameter ?? w.related ?? ''])
    expect(found).toEqual([
      ['get_weather', 'near-duplicate-name', 'probe.get_weather_forecast'],
      ['get_weather', 'near-duplicate-description', 'probe.get_weather_forecast'],
      ['get_weather_forecast', 'string-should-be-enum', 'units'],
      ['get_weather_forecast', 'untyped-parameter', 'days'],
      ['lookup', 'vague-description', ''],
      ['lookup', 'undescribed-parameter', 'q'],
      ['store_report', 'deep-nesting', 'report.stations[].readings'],
      ['store_report', 'large-union', 'value'],
      ['store_report', 'schema-ref', 'unit'],
    ])
    expect(out.stdout).toContain('probe: 4 tools, 9 warnings')
    expect(out.stdout).toMatch(
      /9 warnings \(near-duplicate-name 1, near-duplicate-description 1, string-should-be-enum 1, untyped-parameter 1, vague-description 1, undescribed-parameter 1, deep-nesting 1, large-union 1, schema-ref 1\)/,
    )
    expect(await main(['lint-tools', file, '--strict'], io().io)).toBe(3)
  })

  it('lints what models are shown: a toolOverrides description is the one linted', async () => {
    const file = serversFile({
      probe: { ...lintServer, toolOverrides: { lookup: { description: 'Look a word up in the dictionary and return its meanings.' } } },
    })
    const { out, io: cli } = io()
    expect(await main(['lint-tools', file], cli)).toBe(0)
    expect(out.stdout).not.toContain('vague-description')
  })

  it('flags, on the npm filesystem server with two descriptions made worse, exactly those two as vague (the variant of test/e2e/variants)', async () => {
    const filesystem = {
      command: process.execPath,
      args: [resolve('node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), '.'],
    }
    const file = serversFile({ original: filesystem, worse: { ...filesystem, toolOverrides: WORSE_DESCRIPTIONS } })
    const json = join(file, '../report.json')
    expect(await main(['lint-tools', file, '--json', json], io().io)).toBe(0)
    const report = ToolLintReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')))
    const vague = (server: string) =>
      report.warnings.filter((w) => w.server === server && w.rule === 'vague-description').map((w) => w.tool)
    expect(vague('original')).toEqual([])
    expect(vague('worse')).toEqual(['get_file_info', 'search_files'])
  })

  it('names a server that does not start, or is not in the file, and exits 1', async () => {
    const file = serversFile({ probe: lintServer, broken: { module: './nowhere.ts' } })
    const { out, io: cli } = io()
    expect(await main(['lint-tools', file], cli)).toBe(1)
    expect(out.stdout).toMatch(/broken: did not start: Server "broken"/)
    expect(out.stdout).toContain('probe: 4 tools')
    const missing = io()
    expect(await main(['lint-tools', file, '--server', 'nope'], missing.io)).toBe(1)
    expect(missing.out.stderr).toMatch(/lint-tools: .* has no server "nope" \(it has: probe, broken\)/)
  })
})
