import { linkSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readAccess } from '../../src/runtime/agents/isolated/read-access.ts'

/** A project with a task file, reports, node_modules (one package, one package linked back) and an agent directory. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'mcp-bench-access-'))
  const reports = join(root, 'bench-results')
  for (const dir of ['benchmarks', 'bench-results', 'node_modules/openai', 'agents']) mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, 'benchmarks', 'math.test.ts'), "mcpTask('math', {})")
  writeFileSync(join(root, 'agents', 'agent.ts'), 'export default () => "x"')
  const bundle = join(root, 'node_modules', 'bundle.mjs')
  writeFileSync(bundle, '')
  return { root, reports, bundle, paths: { root, denied: [reports] }, agent: join(root, 'agents', 'agent.ts') }
}

describe('what an isolated agent may read, by real path', () => {
  it("gives the bundle, node_modules whole and a clean own directory; masks the root and the referee's places", () => {
    const p = project()
    for (const tier of ['sandbox', 'process'] as const) {
      const access = readAccess(p.bundle, p.agent, p.paths, tier)
      expect(access.readable).toEqual(expect.arrayContaining([p.bundle, join(p.root, 'node_modules'), join(p.root, 'agents')]))
      expect(access.masked).toEqual(expect.arrayContaining([p.root, p.reports]))
      expect(access.ownDirRefused).toBeUndefined()
    }
  })

  it("refuses the agent's own directory when a link in it leads out, or a file in it has a second name", () => {
    const linked = project()
    symlinkSync(join(linked.root, 'benchmarks'), join(linked.root, 'agents', 'tasks'))
    const access = readAccess(linked.bundle, linked.agent, linked.paths, 'sandbox')
    expect(access.readable).not.toContain(join(linked.root, 'agents'))
    expect(access.ownDirRefused).toMatch(/agents is not readable: it holds a link leading out of it \(.*agents\/tasks\)$/)

    const hard = project()
    linkSync(join(hard.root, 'benchmarks', 'math.test.ts'), join(hard.root, 'agents', 'data.txt'))
    expect(readAccess(hard.bundle, hard.agent, hard.paths, 'process').ownDirRefused).toMatch(
      /holds a file with another name elsewhere, a hard link \(.*agents\/data\.txt\)$/,
    )
  })

  it('a package linked back to the project: node_modules entry by entry without it under the permission model; whole in the sandbox, where the link finds the masked root', () => {
    const p = project()
    symlinkSync('..', join(p.root, 'node_modules', 'linked-back'))
    const process = readAccess(p.bundle, null, p.paths, 'process').readable
    expect(process).not.toContain(join(p.root, 'node_modules'))
    expect(process).not.toContain(join(p.root, 'node_modules', 'linked-back'))
    expect(process).toEqual(expect.arrayContaining([join(p.root, 'node_modules', 'openai'), p.bundle]))
    expect(readAccess(p.bundle, null, p.paths, 'sandbox').readable).toContain(join(p.root, 'node_modules'))
  })
})
