import { describe, expect, it } from 'vitest'
import { main, packageVersion } from '../../src/cli/main.ts'

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } as never }
}

describe('the mcp-bench command', () => {
  it('answers --help and --version', async () => {
    const help = io()
    expect(await main(['--help'], help.io)).toBe(0)
    expect(help.out.stdout).toMatch(/^usage: mcp-bench <command>[\s\S]*compare[\s\S]*calibrate[\s\S]*import/)
    const version = io()
    expect(await main(['--version'], version.io)).toBe(0)
    expect(version.out.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(version.out.stdout.trim()).toBe(packageVersion())
  })

  it('exits 2 with usage on no command or an unknown one', async () => {
    const none = io()
    expect(await main([], none.io)).toBe(2)
    expect(none.out.stderr).toMatch(/^usage: mcp-bench/)
    const unknown = io()
    expect(await main(['frobnicate'], unknown.io)).toBe(2)
    expect(unknown.out.stderr).toMatch(/^mcp-bench: unknown command "frobnicate"\n\nusage:/)
  })

  it('rejects an unknown option of a subcommand with usage', async () => {
    const bad = io()
    expect(await main(['calibrate', '--nope', 'a', 'b'], bad.io)).toBe(2)
    expect(bad.out.stderr).toMatch(/calibrate: Unknown option '--nope'[\s\S]*usage: calibrate/)
  })
})
