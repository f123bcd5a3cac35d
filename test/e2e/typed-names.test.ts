import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderDeclarations } from '../../src/cli/typegen/declarations.ts'

/** Two servers as `mcp-bench types` would find them. */
const tools: Record<string, Tool[]> = {
  math: [
    {
      name: 'add',
      description: 'Adds two numbers together',
      inputSchema: {
        type: 'object',
        properties: { firstNumber: { type: 'number' }, secondNumber: { type: 'number' } },
        required: ['firstNumber', 'secondNumber'],
      },
    },
  ],
  memory: [
    { name: 'read_graph', description: 'Reads the graph', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'open_nodes',
      inputSchema: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } }, required: ['names'] },
    },
  ],
}

// Each violation sits on the line after its directive: with the generated file each must be a compile error
// (else tsc reports the directive unused); without it every one compiles, as plain strings.
const TASK = `import { mcpTask, type ToolName, type ToolArgs } from 'vitest-mcp-bench'

mcpTask('fine', {
  servers: ['math', 'memory'],
  distractors: ['memory'],
  prompt: 'Add 1 and 2.',
  reference: { calls: [
    { id: 'a', tool: 'math.add', args: { firstNumber: 1, secondNumber: 2 } },
    { id: 'b', tool: 'memory.read_graph' },
    { id: 'c', tool: 'memory.open_nodes', args: { names: ['Ada'] }, after: ['a'] },
  ] },
}, async ({ run, expect }) => {
  expect(run).toCallTool('math.add', { firstNumber: 1 })
  expect(run).toCallToolsInOrder(['math.add', 'memory.read_graph'])
  await expect(run).toHaveServerState('memory', { tool: 'open_nodes', args: { names: ['Ada'] } }, {})
  expect(run).toHaveFile('memory', 'notes.txt')
  // @ts-expect-error a tool the server does not have
  expect(run).toCallTool('math.sub')
  // @ts-expect-error an argument the tool does not take
  expect(run).toCallTool('math.add', { first: 1 })
  // @ts-expect-error a misspelt tool in the order
  expect(run).toCallToolsInOrder(['math.add', 'memory.read_grap'])
  // @ts-expect-error a probe tool of another server
  await expect(run).toHaveServerState('memory', { tool: 'add' }, {})
  // @ts-expect-error an unknown server
  expect(run).toHaveFile('memroy', 'notes.txt')
})

// @ts-expect-error a server that is not configured
mcpTask('unknown-server', { servers: ['maths'], prompt: 'p' })
// @ts-expect-error a misspelt tool in a reference call
mcpTask('unknown-tool', { servers: ['math'], prompt: 'p', reference: { calls: [{ id: 'a', tool: 'math.ad', args: { firstNumber: 1, secondNumber: 2 } }] } })
// @ts-expect-error an argument of the wrong type
mcpTask('wrong-type', { servers: ['math'], prompt: 'p', reference: { calls: [{ id: 'a', tool: 'math.add', args: { firstNumber: '1', secondNumber: 2 } }] } })
// @ts-expect-error a required argument missing
mcpTask('missing-arg', { servers: ['math'], prompt: 'p', reference: { calls: [{ id: 'a', tool: 'math.add', args: { firstNumber: 1 } }] } })
// @ts-expect-error a misspelt argument
mcpTask('extra-arg', { servers: ['math'], prompt: 'p', reference: { calls: [{ id: 'a', tool: 'math.add', args: { firstNumber: 1, secondNumber: 2, thirdNumber: 3 } }] } })
// @ts-expect-error required arguments left out altogether
mcpTask('no-args', { servers: ['math'], prompt: 'p', reference: { calls: [{ id: 'a', tool: 'memory.open_nodes' }] } })
// @ts-expect-error a distractor that is not configured
mcpTask('unknown-distractor', { servers: ['math'], distractors: ['wether'], prompt: 'p' })
// @ts-expect-error not a server.tool name
export const name: ToolName = 'math.nope'
// @ts-expect-error the arguments of math.add are numbers
export const args: ToolArgs<'math.add'> = { firstNumber: 'one', secondNumber: 2 }
`
const EXPECTED_ERRORS = (TASK.match(/@ts-expect-error/g) ?? []).length

const repo = resolve(import.meta.dirname, '../..')
const tsc = join(repo, 'node_modules/typescript/bin/tsc')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A fresh TypeScript project that imports the package (its sources) by name, and its tsc result. */
function typeCheck(withDeclarations: boolean): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-types-'))
  dirs.push(dir)
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        types: ['node'],
        paths: { 'vitest-mcp-bench': [join(repo, 'src/index.ts')] },
      },
      include: ['*.ts'],
    }),
  )
  writeFileSync(join(dir, 'task.test.ts'), TASK)
  if (withDeclarations) writeFileSync(join(dir, 'mcp-bench.d.ts'), renderDeclarations(tools, 'mcp.servers.json'))
  // Node runs tsc, whichever runtime runs this test (Deno would need its own permission flags).
  const child = spawn('node', [tsc, '-p', dir])
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  return new Promise((done) => child.on('close', (code) => done({ code, output })))
}

// Both projects are checked at once: each tsc run reads the package's whole source.
let typed: ReturnType<typeof typeCheck>
let untyped: ReturnType<typeof typeCheck>
beforeAll(() => {
  typed = typeCheck(true)
  untyped = typeCheck(false)
})

describe('typed names (tsc on a fresh project)', () => {
  it('with the generated declarations, names and arguments are checked: every violation is a compile error', async () => {
    const { code, output } = await typed
    expect(output).toBe('')
    expect(code).toBe(0)
  }, 240_000)

  it('without them every name is a plain string: the same file compiles, each directive unused', async () => {
    const { code, output } = await untyped
    expect(code).toBe(2)
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line))
    expect(errors).toHaveLength(EXPECTED_ERRORS)
    expect(errors.every((line) => line.includes("error TS2578: Unused '@ts-expect-error' directive."))).toBe(true)
  }, 240_000)
})
