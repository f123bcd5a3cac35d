import type { ComparableRecord, ComparableRun } from '../../src/compare/compare-input.ts'

/** Hand-made runs for the comparison tests: the worked example of test/scoring/compare.test.ts. */

export type Status = ComparableRecord['status']

/** A task record with the fields compare reads; the three judge domains simply repeat the overall score (null when not judged). */
export function rec(
  id: string,
  agent: string,
  status: Status,
  s: { overall?: number | null; rule?: number | null; trial?: number } = {},
): ComparableRecord {
  const rule = s.rule === undefined ? 1 : s.rule
  const overall = s.overall === undefined ? null : s.overall
  const judged = overall !== null
  return {
    id,
    agent,
    trial: s.trial ?? 1,
    status,
    scores: {
      domains: {
        schemaUnderstanding: rule,
        taskCompletion: judged ? overall : null,
        toolUsage: judged ? overall : null,
        planningEffectiveness: judged ? overall : null,
      },
      overall,
      ruleScore: rule,
    },
  }
}

const pad = (i: number) => String(i).padStart(2, '0')
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k)

/*
 * The worked example. Three agents:
 *  - "steady": 20 tasks, one flips each way (s05 passed → failed, s20 failed → passed); s21 hits a
 *    setup error in head and is left out. A rerun's noise: the gate must pass.
 *  - "worse": 20 paired tasks; 11 flip to not passed (w08–w17 failed, w18 errored), 1 flips back
 *    (w19). w01–w03 were not judged (no overall). w21 ran only in base, w22 only in head.
 *  - "few": 4 tasks, all passed → failed: too few to tell.
 */
export function baseRun(): ComparableRun {
  return {
    source: 'base.json',
    tasks: [
      ...range(1, 20).map((i) => rec(`s${pad(i)}`, 'steady', i === 20 ? 'failed' : 'passed', { overall: i === 20 ? 0.5 : 0.7 + i / 100 })),
      rec('s21', 'steady', 'passed', { overall: 0.9 }),
      ...range(1, 20).map((i) =>
        rec(`w${pad(i)}`, 'worse', i <= 18 ? 'passed' : 'failed', { overall: i <= 3 ? null : i <= 18 ? 0.8 : 0.5 }),
      ),
      rec('w21', 'worse', 'passed', { overall: 0.8 }),
      ...range(1, 4).map((i) => rec(`f${i}`, 'few', 'passed', { overall: 0.9 })),
    ],
  }
}

export function headRun(): ComparableRun {
  const worse = (i: number): ComparableRecord => {
    if (i <= 3) return rec(`w${pad(i)}`, 'worse', 'passed')
    if (i <= 7) return rec(`w${pad(i)}`, 'worse', 'passed', { overall: 0.8 })
    if (i <= 17) return rec(`w${pad(i)}`, 'worse', 'failed', { overall: 0.45 })
    if (i === 18) return rec('w18', 'worse', 'errored', { overall: 0.2, rule: 0 })
    if (i === 19) return rec('w19', 'worse', 'passed', { overall: 0.8 })
    return rec('w20', 'worse', 'failed', { overall: 0.45 })
  }
  return {
    source: 'head.json',
    tasks: [
      ...range(1, 20).map((i) =>
        i === 5
          ? rec('s05', 'steady', 'failed', { overall: 0.65 })
          : i === 20
            ? rec('s20', 'steady', 'passed', { overall: 0.6 })
            : rec(`s${pad(i)}`, 'steady', 'passed', { overall: 0.7 + i / 100 + (i % 2 ? 0.01 : -0.01) }),
      ),
      rec('s21', 'steady', 'setup-error', { overall: null, rule: null }),
      ...range(1, 20).map(worse),
      rec('w22', 'worse', 'passed', { overall: 0.8 }),
      ...range(1, 4).map((i) => rec(`f${i}`, 'few', 'failed', { overall: 0.3 })),
    ],
  }
}
