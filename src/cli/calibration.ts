import { cohensKappa, coefficientOfVariation, fleissKappa, fullAgreement, majorityLabel, percentAgreement } from '../stats/agreement.ts'
import { mean } from '../stats/means.ts'
import { MCP_BENCH_CATEGORIES } from '../contracts/rubric.ts'

/**
 * Judge calibration: how well a pass/fail judge agrees with human raters
 * (MCP-AgentBench §3.3 and appendix D) and how stable scores are across
 * judge models (MCP-Bench §6.4). The formulas live in src/stats/agreement.ts; this
 * module reads the JSONL inputs and assembles the report.
 *
 * judgements.jsonl, one object per line:
 *   { "id": "task-1", "label": "pass" }                 label: a category name, or true/false for pass/fail
 *   { "id": "task-1", "pass": false, "model": "gpt-4o" } `model` separates several judges (default "judge")
 *   { "id": "task-1", "result": <JudgeResult> }          a pass-fail result gives the label, an MCP-Bench rubric
 *                                                          result gives the score (task-completion mean, 1–10)
 *   { "id": "task-1", "model": "o4-mini", "score": 6.5 } numeric scores feed the coefficient of variation
 *
 * human-labels.jsonl, one object per line, either every rater at once or one rater per line:
 *   { "id": "task-1", "labels": ["pass", "pass", "fail"] }
 *   { "id": "task-1", "rater": "alice", "label": "pass" }
 */

export class CalibrationInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    detail: string,
  ) {
    super(line === null ? `${file}: ${detail}` : `${file}:${line}: ${detail}`)
    this.name = 'CalibrationInputError'
  }
}

export const DEFAULT_CATEGORIES = ['pass', 'fail'] as const

export interface Judgement {
  id: string
  model: string
  label?: string
  score?: number
  line: number
}

export interface HumanLabels {
  id: string
  labels: string[]
  line: number
}

function readLines(text: string, file: string): Array<{ line: number; value: Record<string, unknown> }> {
  const out: Array<{ line: number; value: Record<string, unknown> }> = []
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch (err) {
      throw new CalibrationInputError(file, i + 1, `not valid JSON (${(err as Error).message})`)
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CalibrationInputError(file, i + 1, 'expected a JSON object')
    out.push({ line: i + 1, value: value as Record<string, unknown> })
  })
  return out
}

function readId(value: Record<string, unknown>, file: string, line: number): string {
  const id = value.id ?? value.taskId
  if (typeof id === 'string' && id) return id
  if (typeof id === 'number') return String(id)
  throw new CalibrationInputError(file, line, 'missing "id"')
}

function readLabel(raw: unknown, categories: readonly string[], file: string, line: number): string {
  let label: string | undefined
  if (typeof raw === 'boolean') label = raw ? 'pass' : 'fail'
  else if (typeof raw === 'string') label = raw.trim()
  else if (typeof raw === 'number') label = String(raw)
  if (label === undefined) throw new CalibrationInputError(file, line, `label ${JSON.stringify(raw)} is not a string or boolean`)
  const match = categories.find((c) => c.toLowerCase() === label!.toLowerCase())
  if (!match) throw new CalibrationInputError(file, line, `unknown category "${label}" (expected one of: ${categories.join(', ')})`)
  return match
}

export function parseJudgements(text: string, file: string, categories: readonly string[] = DEFAULT_CATEGORIES): Judgement[] {
  const seen = new Map<string, number>()
  return readLines(text, file).map(({ line, value }) => {
    const id = readId(value, file, line)
    const model = typeof value.model === 'string' && value.model ? value.model : 'judge'
    const key = `${model}\u0000${id}`
    if (seen.has(key))
      throw new CalibrationInputError(file, line, `item "${id}" is judged twice by "${model}" (first on line ${seen.get(key)})`)
    seen.set(key, line)
    const j: Judgement = { id, model, line }
    const result = value.result as Record<string, unknown> | undefined
    const rawLabel = value.label ?? value.verdict ?? value.pass ?? (result?.kind === 'pass-fail' ? result.pass : undefined)
    if (rawLabel !== undefined) j.label = readLabel(rawLabel, categories, file, line)
    if (value.score !== undefined) {
      if (typeof value.score !== 'number' || !Number.isFinite(value.score))
        throw new CalibrationInputError(file, line, '"score" must be a number')
      j.score = value.score
    } else if (result?.kind === 'rubric' && result.dimensions && typeof result.dimensions === 'object') {
      const d = result.dimensions as Record<string, number | null>
      const s = mean(MCP_BENCH_CATEGORIES.taskCompletion.map((k) => d[k]))
      if (s !== null) j.score = s
    }
    if (j.label === undefined && j.score === undefined) {
      throw new CalibrationInputError(file, line, 'no judgement: expected "label", "pass", "verdict", "score" or a "result"')
    }
    return j
  })
}

export function parseHumanLabels(text: string, file: string, categories: readonly string[] = DEFAULT_CATEGORIES): HumanLabels[] {
  const items = new Map<string, HumanLabels & { raters: Set<string> }>()
  for (const { line, value } of readLines(text, file)) {
    const id = readId(value, file, line)
    if (Array.isArray(value.labels)) {
      if (items.has(id)) throw new CalibrationInputError(file, line, `item "${id}" appears twice (first on line ${items.get(id)!.line})`)
      if (value.labels.length === 0) throw new CalibrationInputError(file, line, `item "${id}" has no labels`)
      items.set(id, { id, line, labels: value.labels.map((l) => readLabel(l, categories, file, line)), raters: new Set() })
    } else if (value.label !== undefined || value.pass !== undefined) {
      const rater = typeof value.rater === 'string' || typeof value.rater === 'number' ? String(value.rater) : undefined
      const item = items.get(id) ?? { id, line, labels: [], raters: new Set<string>() }
      if (rater !== undefined) {
        if (item.raters.has(rater)) throw new CalibrationInputError(file, line, `rater "${rater}" labels item "${id}" twice`)
        item.raters.add(rater)
      }
      item.labels.push(readLabel(value.label ?? value.pass, categories, file, line))
      items.set(id, item)
    } else {
      throw new CalibrationInputError(file, line, 'expected "labels" (an array) or "label" (one rater per line)')
    }
  }
  const list = [...items.values()].map(({ id, line, labels }) => ({ id, line, labels }))
  const first = list[0]
  for (const item of list) {
    if (first && item.labels.length !== first.labels.length) {
      throw new CalibrationInputError(
        file,
        item.line,
        `item "${item.id}" has ${item.labels.length} human labels, expected ${first.labels.length} as for "${first.id}" (line ${first.line}); every item needs the same number of raters`,
      )
    }
  }
  return list
}

interface AgreementStats {
  model: string
  /** Items compared (human majority defined). */
  items: number
  /** Items left out because the human vote tied. */
  ties: number
  percentAgreement: number | null
  cohensKappa: number | null
}

export interface CalibrationReport {
  categories: string[]
  humans: {
    items: number
    raters: number
    /** Fleiss' kappa among the human raters. */
    fleissKappa: number | null
    /** Share of items on which all raters agree (three-way agreement with three raters). */
    fullAgreement: number | null
  } | null
  judges: AgreementStats[]
  stability: {
    models: string[]
    /** Tasks scored by at least two judge models. */
    tasks: number
    /** Tasks skipped because their mean score was 0 (CV undefined). */
    skipped: number
    /** Mean over tasks of σ/μ (population σ) across models. */
    meanCV: number | null
  } | null
}

/**
 * Builds the report. Every judge model that labels items must label exactly
 * the items the humans labelled; a mismatch throws, naming the file and line.
 */
export function calibrate(
  judgements: readonly Judgement[],
  humans: readonly HumanLabels[],
  options: { categories?: readonly string[]; judgementsFile?: string; labelsFile?: string } = {},
): CalibrationReport {
  const categories = [...(options.categories ?? DEFAULT_CATEGORIES)]
  const jFile = options.judgementsFile ?? 'judgements'
  const hFile = options.labelsFile ?? 'human labels'
  const humanById = new Map(humans.map((h) => [h.id, h]))

  const labelled = judgements.filter((j) => j.label !== undefined)
  const models = [...new Set(labelled.map((j) => j.model))]
  if (models.length > 0 && humans.length === 0) throw new CalibrationInputError(hFile, null, 'no human labels')

  const judges: AgreementStats[] = models.map((model) => {
    const mine = labelled.filter((j) => j.model === model)
    const byId = new Map(mine.map((j) => [j.id, j]))
    for (const j of mine) {
      if (!humanById.has(j.id)) throw new CalibrationInputError(jFile, j.line, `item "${j.id}" has no human labels in ${hFile}`)
    }
    for (const h of humans) {
      if (!byId.has(h.id)) {
        throw new CalibrationInputError(
          hFile,
          h.line,
          `item "${h.id}" has no judgement${model === 'judge' ? '' : ` from model "${model}"`} in ${jFile}`,
        )
      }
    }
    const judgeLabels: string[] = []
    const majority: string[] = []
    let ties = 0
    for (const h of humans) {
      const m = majorityLabel(h.labels)
      if (m === null) {
        ties++
        continue
      }
      judgeLabels.push(byId.get(h.id)!.label!)
      majority.push(m)
    }
    return {
      model,
      items: majority.length,
      ties,
      percentAgreement: percentAgreement(judgeLabels, majority),
      cohensKappa: cohensKappa(judgeLabels, majority),
    }
  })

  const raters = humans[0]?.labels.length ?? 0
  const humansReport =
    humans.length === 0
      ? null
      : {
          items: humans.length,
          raters,
          fleissKappa: raters >= 2 ? fleissKappa(humans.map((h) => categories.map((c) => h.labels.filter((l) => l === c).length))) : null,
          fullAgreement: fullAgreement(humans.map((h) => h.labels)),
        }

  const scored = judgements.filter((j) => j.score !== undefined)
  let stability: CalibrationReport['stability'] = null
  if (scored.length > 0) {
    const perTask = new Map<string, number[]>()
    for (const j of scored) perTask.set(j.id, [...(perTask.get(j.id) ?? []), j.score!])
    const multi = [...perTask.values()].filter((s) => s.length >= 2)
    const cvs = multi.map(coefficientOfVariation)
    stability = {
      models: [...new Set(scored.map((j) => j.model))],
      tasks: multi.length,
      skipped: cvs.filter((c) => c === null).length,
      meanCV: mean(cvs),
    }
  }

  return { categories, humans: humansReport, judges, stability }
}
