/**
 * Judge calibration report.
 *
 *   mcp-bench calibrate <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]
 *
 * Prints percent agreement and Cohen's kappa of each judge against the human
 * majority, Fleiss' kappa and full (three-way) agreement among the humans
 * (MCP-AgentBench appendix D), and the mean coefficient of variation across
 * judge models when the judgements carry numeric scores (MCP-Bench §6.4).
 * Exit codes: 0 ok, 1 bad input, 2 bad usage.
 */
import {
  calibrate,
  CalibrationInputError,
  DEFAULT_CATEGORIES,
  parseHumanLabels,
  parseJudgements,
  type CalibrationReport,
} from './calibration.ts'
import { HELP, parseCommandArgs, processIO, readInputFile, runCommand, UsageError, type CliIO } from './command.ts'
import { percent } from '../lib/text.ts'

const USAGE = 'usage: calibrate <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]\n'

interface Options {
  judgementsFile: string
  labelsFile: string
  categories: string[]
  json: boolean
}

function parseOptions(argv: readonly string[]): Options | typeof HELP {
  const { values, positionals: files } = parseCommandArgs(argv, {
    allowPositionals: true,
    options: { json: { type: 'boolean' }, categories: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) return HELP
  let categories: string[] = [...DEFAULT_CATEGORIES]
  if (values.categories !== undefined) {
    categories = values.categories
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
    if (categories.length < 2) throw new UsageError('--categories needs at least two comma-separated names')
  }
  if (files.length !== 2) throw new UsageError(`expected 2 files, got ${files.length}`)
  const [judgementsFile, labelsFile] = files as [string, string]
  return { judgementsFile, labelsFile, categories, json: values.json === true }
}

async function run({ judgementsFile, labelsFile, categories, json }: Options, io: CliIO): Promise<number> {
  const read = (file: string) => readInputFile(file, (message) => new CalibrationInputError(file, null, message))
  const judgements = parseJudgements(await read(judgementsFile), judgementsFile, categories)
  const humans = parseHumanLabels(await read(labelsFile), labelsFile, categories)
  const report = calibrate(judgements, humans, { categories, judgementsFile, labelsFile })
  io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report))
  return 0
}

export function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  return runCommand({ name: 'calibrate', usage: USAGE, parse: parseOptions, run, inputErrors: [CalibrationInputError] }, argv, io)
}

const pct = (x: number | null) => percent(x, 2)
const num = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3))

function formatReport(report: CalibrationReport): string {
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
