import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loadAgent } from '../../src/runtime/agents/resolve.ts'
import { loadModule, useRunnerImporter } from '../../src/runtime/modules/load-module.ts'
import { mcpBench } from '../../src/plugin.ts'
import { connectServer } from '../../src/runtime/servers/connect.ts'

const repo = resolve(import.meta.dirname, '../..')
const project = mkdtempSync(join(tmpdir(), 'mcp-bench-modules-'))
symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'))
writeFileSync(
  join(project, 'agent.ts'),
  `import type { AgentContext } from 'vitest-mcp-bench'
const greeting: string = 'typed'
export default async function agent(_ctx: AgentContext): Promise<string> { return greeting }
`,
)
writeFileSync(
  join(project, 'server.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
export function createServer(options: { name: string }): McpServer {
  const server = new McpServer({ name: options.name, version: '1.0.0' })
  server.registerTool('ping', { description: 'answers pong' }, async () => ({ content: [{ type: 'text' as const, text: 'pong' }] }))
  return server
}
`,
)
writeFileSync(join(project, 'plain.mjs'), 'export const kind = "javascript"\n')
afterAll(() => rmSync(project, { recursive: true, force: true }))
afterEach(() => useRunnerImporter(undefined))

describe('loading user modules', () => {
  it('is wired by the plugin: the runner setup file comes first among its setup files', () => {
    const plugin = mcpBench({ servers: {} })
    const config = (plugin.config as (c: object) => { test: { setupFiles: string[] } })({ root: project })
    expect(config.test.setupFiles.map((f) => f.slice(repo.length))).toEqual([
      '/src/runtime/modules/runner-setup.ts',
      '/src/runtime/matchers/setup.ts',
    ])
  })

  it('goes through the registered runner importer, with the path resolved against the project root', async () => {
    const seen: string[] = []
    useRunnerImporter(async (specifier) => {
      seen.push(specifier)
      return { from: 'runner' }
    })
    expect(await loadModule('./agents/mine.ts', project)).toEqual({ from: 'runner' })
    expect(await loadModule('some-package/agent', project)).toEqual({ from: 'runner' })
    expect(seen).toEqual([join(project, 'agents/mine.ts'), 'some-package/agent'])
  })

  it('is seen by every copy of the module: the environment and the setup file may each load their own', async () => {
    // A query makes the module runner evaluate a second, separate instance of the module, as happens when
    // Vitest loads the environment and the setup files through different runners (the package run from source).
    const other = (await import(
      /* @vite-ignore */ `../../src/runtime/modules/load-module.ts?copy=${Date.now()}`
    )) as typeof import('../../src/runtime/modules/load-module.ts')
    expect(other.loadModule).not.toBe(loadModule)
    useRunnerImporter(async () => ({ from: 'the setup file' }))
    expect(await other.loadModule('./fixture-server.ts', project)).toEqual({ from: 'the setup file' })
  })

  it('loads a TypeScript agent through a runner import, as the setup file registers it', async () => {
    useRunnerImporter((specifier) => import(/* @vite-ignore */ specifier))
    const agent = await loadAgent({ kind: 'module', module: './agent.ts', export: 'default', isolation: 'none' }, project)
    expect(agent.name).toBe('agent')
    expect(await agent.run({} as never)).toBe('typed')
  })

  it("outside Vitest (the CLI): JavaScript natively, TypeScript through Vite's runnerImport", async () => {
    expect(await loadModule('./plain.mjs', project)).toMatchObject({ kind: 'javascript' })
    const connection = await connectServer(
      'local',
      {
        module: './server.ts',
        export: 'createServer',
        options: { name: 'local' },
        isolation: 'file',
        startupTimeoutMs: 20_000,
        callTimeoutMs: 60_000,
      },
      project,
    )
    try {
      expect(connection.tools.map((t) => t.name)).toEqual(['ping'])
      const result = await connection.client.callTool({ name: 'ping', arguments: {} })
      expect(result.content).toEqual([{ type: 'text', text: 'pong' }])
    } finally {
      await connection.close()
    }
  }, 30_000)

  it('names the module and the server when it cannot be loaded', async () => {
    await expect(
      connectServer(
        'local',
        { module: './nope.ts', export: 'createServer', isolation: 'file', startupTimeoutMs: 20_000, callTimeoutMs: 60_000 },
        project,
      ),
    ).rejects.toThrow(/Server "local": cannot import module \.\/nope\.ts/)
  }, 30_000)
})
