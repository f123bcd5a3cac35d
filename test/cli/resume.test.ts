import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { resumeArgs } from '../../src/cli/resume.ts'
import { HELP } from '../../src/cli/command.ts'

describe('mcp-bench resume', () => {
  it('takes --all-failed first and passes every other argument to Vitest as it is', () => {
    expect(resumeArgs([])).toEqual({ mode: 'faults', vitest: [] })
    expect(resumeArgs(['benchmarks', '--shard=1/2'])).toEqual({ mode: 'faults', vitest: ['benchmarks', '--shard=1/2'] })
    expect(resumeArgs(['--all-failed', '--project', 'models'])).toEqual({ mode: 'all-failed', vitest: ['--project', 'models'] })
    expect(resumeArgs(['benchmarks', '--help'])).toBe(HELP)
  })

  it('is listed in the usage, and prints its own with --help', async () => {
    const out: string[] = []
    const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => out.push(t) } }
    expect(await main(['--help'], io)).toBe(0)
    expect(out.join('')).toContain('resume [--all-failed] [vitest arguments…]')
    out.length = 0
    expect(await main(['resume', '--help'], io)).toBe(0)
    expect(out.join('')).toContain('MCP_BENCH_RESUME=1')
  })
})
