import { main as calibrate } from './calibrate.ts'
import { main as importTasks } from './import.ts'

const USAGE = `usage: mcp-bench <command> [args]

commands:
  calibrate <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]
      agreement of the LLM judge with human labels: percent agreement and Cohen's kappa
      against the human majority, Fleiss' kappa among raters, three-way agreement, and the
      mean coefficient of variation across judge models
  import <mcpbench_tasks.json>… [--commands <commands.json>] [--mcp-bench-dir <checkout>] [--offline]
         [--out benchmarks/mcp-bench] [--servers-out mcp.servers.json] [--map "Server Name=key,…"]
      MCP-Bench's released task files as mcpTask files (one per server combination), and
      mcp.servers.json entries for its servers (real, or this project's fixtures with --offline)
`

/** The `mcp-bench` command: one entry, a subcommand per tool. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command === 'calibrate') return calibrate(rest)
  if (command === 'import') return importTasks(rest)
  process.stderr.write(command && command !== '--help' ? `mcp-bench: unknown command "${command}"\n\n${USAGE}` : USAGE)
  return command && command !== '--help' ? 2 : 0
}
