import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main as init } from '../../src/cli/init.ts'
import { main as types } from '../../src/cli/types.ts'

const repo = resolve(import.meta.dirname, '../..')
const tsx = join(repo, 'node_modules/tsx/dist/esm/index.mjs')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** An empty project directory whose modules resolve (the SDK and zod, for a server written there). */
function freshProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-cli-'))
  dirs.push(dir)
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

/** A TypeScript in-process server in the user's project: one read-only tool and one that writes. */
const NOTES_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' })
  const notes: string[] = ['buy milk']
  server.registerTool('add_note', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: String(notes.push(text)) }] }))
  server.registerTool('list_notes', { inputSchema: { limit: z.number().int().min(1) } }, async ({ limit }) =>
    ({ content: [{ type: 'text', text: notes.slice(0, limit).join('\\n') }] }))
  return server
}
`

describe('mcp-bench init in a fresh project', () => {
  it('writes the config, the servers file, an example task it tried against the server, and a CI workflow', async () => {
    const dir = freshProject()
    const { out, io: streams } = io()
    const code = await init(['--server', `nasa=node --import ${tsx} ${join(repo, 'fixtures/servers/nasa-data/main.ts')}`], streams, dir)
    expect(out.stderr).toBe('')
    expect(code).toBe(0)
    const servers = JSON.parse(readFileSync(join(dir, 'mcp.servers.json'), 'utf8'))
    expect(servers.mcpServers.nasa).toEqual({ command: 'node', args: ['--import', tsx, join(repo, 'fixtures/servers/nasa-data/main.ts')] })
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toMatch(
      /import \{ mcpBench \} from 'vitest-mcp-bench\/plugin'[\s\S]*servers: '\.\/mcp\.servers\.json'/,
    )
    expect(readFileSync(join(dir, '.github/workflows/mcp-bench.yml'), 'utf8')).toMatch(/npx vitest run benchmarks/)
    const task = readFileSync(join(dir, 'benchmarks/nasa.test.ts'), 'utf8')
    // The tool with no required arguments comes first; its real answer is the reference answer.
    expect(task).toMatch(/tool: 'nasa\.get_astronomy_picture_of_day', args: \{\} \}/)
    expect(task).toMatch(/answer: 'Date: 2024-05-14\\nTitle: A Giant Sunspot/)
    expect(out.stdout).toMatch(/wrote benchmarks\/nasa\.test\.ts/)
  }, 60_000)

  it('runs a bundled fixture in-process with --fixture', async () => {
    const dir = freshProject()
    const { io: first } = io()
    expect(await init(['--fixture', 'unit-converter'], first, dir)).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, 'mcp.servers.json'), 'utf8')).mcpServers['unit-converter']).toMatchObject({
      module: 'vitest-mcp-bench/fixtures/unit-converter',
    })
    expect(readFileSync(join(dir, 'benchmarks/unit-converter.test.ts'), 'utf8')).toMatch(/tool: 'unit-converter\.list_supported_units'/)
  }, 60_000)

  it('refuses to overwrite: exit 1 naming every file that exists, nothing written; --force overwrites', async () => {
    const dir = freshProject()
    writeFileSync(join(dir, 'vitest.config.ts'), '// mine\n')
    mkdirSync(join(dir, '.github/workflows'), { recursive: true })
    writeFileSync(join(dir, '.github/workflows/mcp-bench.yml'), '# mine\n')
    const { out, io: streams } = io()
    expect(await init([], streams, dir)).toBe(1)
    expect(out.stderr).toMatch(/vitest\.config\.ts, \.github\/workflows\/mcp-bench\.yml already exist; nothing written/)
    expect(existsSync(join(dir, 'mcp.servers.json'))).toBe(false)
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toBe('// mine\n')
    expect(await init(['--force'], io().io, dir)).toBe(0)
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toMatch(/mcpBench/)
    expect(existsSync(join(dir, 'benchmarks/nasa-data.test.ts'))).toBe(true)
  }, 60_000)

  it('explains a server it cannot use, and bad usage', async () => {
    const dir = freshProject()
    const { out, io: streams } = io()
    expect(await init(['--fixture', 'math'], streams, dir)).toBe(1)
    expect(out.stderr).toMatch(/server "math" has no tool that looks read-only \(tools: add, subtract/)
    expect(existsSync(join(dir, 'vitest.config.ts'))).toBe(false)
    const usage = io()
    expect(await init(['--fixture', 'nope'], usage.io, dir)).toBe(2)
    expect(usage.out.stderr).toMatch(/--fixture nope: no such fixture; choose one of .*nasa-data/)
    expect(await init(['--fixture', 'math', '--server', 'a=b'], io().io, dir)).toBe(2)
  }, 60_000)
})

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const { port } = probe.address() as { port: number }
  await new Promise((r) => probe.close(r))
  return port
}

/** The files a project holds, node_modules left out, links not followed (Bun's recursive readdir follows them, into the repository's node_modules). */
function filesWritten(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== 'node_modules') return filesWritten(path)
    return entry.isFile() ? [path] : []
  })
}

describe('mcp-bench init against a server that can tell its secrets', () => {
  it("never calls a tool that reveals the environment, and writes no secret of the server's into any file", {
    timeout: 120_000,
  }, async () => {
    const planted = { OPENAI_API_KEY: 'sk-proj-PLANTEDplantedPLANTED0123456789', DB_PASSWORD: 'hunter2hunter2' }
    const port = await freePort()
    // The reference server over HTTP, its own environment holding the secrets, as a team's staging server would.
    const server = spawn(
      process.execPath,
      [join(repo, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp'],
      {
        env: { ...process.env, ...planted, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    try {
      let said = ''
      await new Promise<void>((ready, failed) => {
        server.stderr.on('data', (d) => (said += d) && /listening on port/i.test(said) && ready())
        server.once('exit', (code) => failed(new Error(`server-everything exited (${code}): ${said}`)))
      })
      const dir = freshProject()
      const { out, io: streams } = io()
      const code = await init(['--server', `everything=http://127.0.0.1:${port}/mcp`], streams, dir)
      expect(out.stderr).toBe('')
      expect(code).toBe(0)
      // Before: get-env, marked read-only, was chosen, and the task file held both secrets.
      const task = readFileSync(join(dir, 'benchmarks/everything.test.ts'), 'utf8')
      expect(task).not.toContain('get-env')
      const written = filesWritten(dir)
      expect(written.length).toBeGreaterThanOrEqual(4)
      for (const file of written) {
        const text = readFileSync(file, 'utf8')
        for (const secret of Object.values(planted)) expect(text, file).not.toContain(secret)
      }
    } finally {
      server.kill()
    }
  })
})

describe('mcp-bench types', () => {
  it('starts the configured servers (a .ts module among them) and writes the augmentation', async () => {
    const dir = freshProject()
    writeFileSync(join(dir, 'notes.ts'), NOTES_SERVER)
    writeFileSync(
      join(dir, 'servers.json'),
      JSON.stringify({
        mcpServers: {
          notes: { module: './notes.ts' },
          math: { command: 'node', args: ['--import', tsx, join(repo, 'fixtures/servers/math/main.ts')] },
        },
      }),
    )
    const { out, io: streams } = io()
    const code = await types(['servers.json', '--out', 'types/mcp-bench.d.ts'], streams, dir)
    expect(out.stderr).toBe('')
    expect(code).toBe(0)
    expect(out.stdout).toMatch(/types\/mcp-bench\.d\.ts: 2 servers, 15 tools/)
    const dts = readFileSync(join(dir, 'types/mcp-bench.d.ts'), 'utf8')
    expect(dts).toMatch(/^\/\/ Generated by `mcp-bench types` from \.\.\/servers\.json/)
    expect(dts).toMatch(/declare module 'vitest-mcp-bench' \{\n {2}interface McpBenchServers \{\n {4}math: \{/)
    expect(dts).toMatch(/ {6}multiply: \{\n(.*\n)* {8}SecondNumber: number\n/)
    expect(dts).toMatch(/ {4}notes: \{\n {6}add_note: \{\n {8}text: string\n {6}\}\n {6}list_notes: \{\n {8}limit: number\n {6}\}/)
  }, 60_000)

  it('writes nothing when a server does not start, and names it; names a bad servers file', async () => {
    const dir = freshProject()
    writeFileSync(
      join(dir, 'mcp.servers.json'),
      JSON.stringify({
        mcpServers: {
          gone: { command: 'node', args: ['-e', 'process.exit(3)'] },
          notes: { module: './missing.ts' },
        },
      }),
    )
    const { out, io: streams } = io()
    expect(await types([], streams, dir)).toBe(1)
    expect(out.stderr).toMatch(
      /2 servers did not start, nothing written:\n {2}Server "gone" failed to start[\s\S]*Server "notes": cannot import module \.\/missing\.ts/,
    )
    expect(existsSync(join(dir, 'mcp-bench.d.ts'))).toBe(false)
    writeFileSync(join(dir, 'bad.json'), '{ "mcpServers": { "x": { "command": 3 } } }')
    const bad = io()
    expect(await types(['--servers', 'bad.json'], bad.io, dir)).toBe(1)
    expect(bad.out.stderr).toMatch(/Invalid config for server "x" in .*bad\.json/)
  }, 60_000)
})
