import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { FIXTURE_SERVER_NAMES, importMcpBenchTasks, renderTaskFile } from '../task/import-mcp-bench.ts'

const USAGE = 'usage: mcp-bench import <mcpbench_tasks.json> [--out benchmarks/mcp-bench] [--map "Server Name=key,…"]\n'

/** `mcp-bench import`: MCP-Bench task files → mcpTask files. Exit codes: 0 ok, 1 bad input, 2 bad usage. */
export function main(argv: readonly string[], io = { stdout: process.stdout, stderr: process.stderr }): number {
  const args = [...argv]
  const take = (flag: string) => {
    const i = args.indexOf(flag)
    return i === -1 ? undefined : args.splice(i, 2)[1]
  }
  const out = resolve(take('--out') ?? 'benchmarks/mcp-bench')
  const mapArg = take('--map')
  if (args.length !== 1) {
    io.stderr.write(USAGE)
    return 2
  }
  const map = { ...FIXTURE_SERVER_NAMES }
  for (const pair of mapArg ? mapArg.split(',') : []) {
    const [name, key] = pair.split('=').map((x) => x.trim())
    if (!name || !key) {
      io.stderr.write(`import: --map entries look like "Server Name=key", not "${pair}"\n${USAGE}`)
      return 2
    }
    map[name] = key
  }
  const file = resolve(args[0]!)
  let files
  try {
    files = importMcpBenchTasks(JSON.parse(readFileSync(file, 'utf8')), map)
  } catch (error) {
    io.stderr.write(`import: ${file}: ${(error as Error).message}\n`)
    return 1
  }
  mkdirSync(out, { recursive: true })
  for (const f of files) writeFileSync(join(out, f.name), renderTaskFile(f, basename(file)))
  const servers = [...new Set(files.flatMap((f) => f.tasks.flatMap((t) => t.spec.servers)))].sort()
  io.stdout.write(`${files.reduce((n, f) => n + f.tasks.length, 0)} tasks in ${files.length} files written to ${out}\nservers to declare in mcp.servers.json: ${servers.join(', ')}\n`)
  return 0
}
