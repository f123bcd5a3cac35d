import { counted, PassCounter } from './rows.ts'
import type { PassSummary, TaskRecord } from '../contracts/leaderboard.ts'

/**
 * Pass rates per agent and MCP-Bench setting (one server, two, three, …),
 * for the reports' charts. The agent rows carry MCP-Bench's score columns per
 * setting; this adds the pass counts, with the same `passSummary` as the rows.
 */
export interface SettingPassRates {
  agent: string
  /** Setting label (`single-server`, `multi-server-2`, …) → its pass summary, settings in order of server count. */
  settings: Array<{ setting: string; summary: PassSummary }>
}

export function passRatesBySetting(records: readonly TaskRecord[]): SettingPassRates[] {
  const byAgent = new Map<string, Map<string, PassCounter>>()
  for (const r of counted(records)) {
    let settings = byAgent.get(r.agent)
    if (!settings) byAgent.set(r.agent, (settings = new Map()))
    let pass = settings.get(r.setting)
    if (!pass) settings.set(r.setting, (pass = new PassCounter()))
    pass.add(r)
  }
  return [...byAgent].map(([agent, settings]) => ({
    agent,
    settings: [...settings].sort(([a], [b]) => bySetting(a, b)).map(([setting, pass]) => ({ setting, summary: pass.summary() })),
  }))
}

/** All settings of the records, in order of server count. */
export function settingsOf(records: readonly TaskRecord[]): string[] {
  return [...new Set(counted(records).map((r) => r.setting))].sort(bySetting)
}

const bySetting = (a: string, b: string) => settingOrder(a) - settingOrder(b) || a.localeCompare(b)

function settingOrder(setting: string): number {
  if (setting === 'single-server') return 1
  const n = /^multi-server-(\d+)$/.exec(setting)?.[1]
  return n ? Number(n) : Number.MAX_SAFE_INTEGER
}
