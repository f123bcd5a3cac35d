/**
 * Judge calibration report.
 *
 *   node --import tsx src/cli/calibrate.ts <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]
 *
 * Prints percent agreement and Cohen's kappa of each judge against the human
 * majority, Fleiss' kappa and full (three-way) agreement among the humans
 * (MCP-AgentBench appendix D), and the mean coefficient of variation across
 * judge models when the judgements carry numeric scores (MCP-Bench §6.4).
 * Exit codes: 0 ok, 1 bad input, 2 bad usage.
 */
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { calibrate, CalibrationInputError, DEFAULT_CATEGORIES, parseHumanLabels, parseJudgements, type CalibrationReport } from '../scoring/calibration.ts'

export interface CliIO {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

const USAGE = 'usage: calibrate <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]\n'

export async function main(argv: readonly string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { json: { type: 'boolean' }, categories: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    io.stderr.write(`calibrate: ${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const { values, positionals: files } = parsed
  if (values.help) {
    io.stdout.write(USAGE)
    return 0
  }
  const json = values.json === true
  let categories: string[] = [...DEFAULT_CATEGORIES]
  if (values.categories !== undefined) {
    categories = values.categories.split(',').map((c) => c.trim()).filter(Boolean)
    if (categories.length < 2) {
      io.stderr.write(`calibrate: --categories needs at least two comma-separated names\n${USAGE}`)
      return 2
    }
  }
  if (files.length !== 2) {
    io.stderr.write(`calibrate: expected 2 files, got ${files.length}\n${USAGE}`)
    return 2
  }
  const [judgementsFile, labelsFile] = files as [string, string]
  try {
    const read = async (file: string) => {
      try {
        return await readFile(file, 'utf8')
      } catch (err) {
        throw new CalibrationInputError(file, null, `cannot read file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`)
      }
    }
    const judgements = parseJudgements(await read(judgementsFile), judgementsFile, categories)
    const humans = parseHumanLabels(await read(labelsFile), labelsFile, categories)
    const report = calibrate(judgements, humans, { categories, judgementsFile, labelsFile })
    io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report))
    return 0
  } catch (err) {
    if (err instanceof CalibrationInputError) {
      io.stderr.write(`calibrate: ${err.message}\n`)
      return 1
    }
    throw err
  }
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(2)}%`)
const num = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3))

export function formatReport(report: CalibrationReport): string {
  const lines: string[] = [`Categories: ${report.categories.join(', ')}`]
  if (report.humans) {
    lines.push(
      '',
      `Human raters: ${report.humans.raters} on ${report.humans.items} items`,
      `  Fleiss' kappa:        ${num(report.humans.fleissKappa)}`,
      `  All raters agree:     ${pct(report.humans.fullAgreement)}`,
    )
  }
  for (const j of report.judges) {
    lines.push(
      '',
      `Judge "${j.model}" vs human majority: ${j.items} items${j.ties > 0 ? ` (${j.ties} left out: human vote tied)` : ''}`,
      `  Percent agreement:    ${pct(j.percentAgreement)}`,
      `  Cohen's kappa:        ${num(j.cohensKappa)}`,
    )
  }
  if (report.stability) {
    const s = report.stability
    lines.push(
      '',
      `Stability across ${s.models.length} judge model${s.models.length === 1 ? '' : 's'} (${s.models.join(', ')}): ${s.tasks} tasks${s.skipped > 0 ? `, ${s.skipped} with mean 0 skipped` : ''}`,
      `  Mean coefficient of variation: ${pct(s.meanCV)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (err) => {
      process.stderr.write(`calibrate: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
      process.exitCode = 1
    },
  )
}
