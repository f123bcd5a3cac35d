import { counted, passSummary } from './rows.ts'
import type { PassSummary, TaskRecord } from './schema.ts'

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
  const byAgent = new Map<string, Map<string, TaskRecord[]>>()
  for (const r of counted(records)) {
    const settings = byAgent.get(r.agent) ?? new Map<string, TaskRecord[]>()
    settings.set(r.setting, [...(settings.get(r.setting) ?? []), r])
    byAgent.set(r.agent, settings)
  }
  return [...byAgent].map(([agent, settings]) => ({
    agent,
    settings: [...settings].sort(([a], [b]) => settingOrder(a) - settingOrder(b) || a.localeCompare(b)).map(([setting, rs]) => ({ setting, summary: passSummary(rs) })),
  }))
}

/** All settings of the records, in order of server count. */
export function settingsOf(records: readonly TaskRecord[]): string[] {
  return [...new Set(counted(records).map((r) => r.setting))].sort((a, b) => settingOrder(a) - settingOrder(b) || a.localeCompare(b))
}

function settingOrder(setting: string): number {
  if (setting === 'single-server') return 1
  const n = /^multi-server-(\d+)$/.exec(setting)?.[1]
  return n ? Number(n) : Number.MAX_SAFE_INTEGER
}
