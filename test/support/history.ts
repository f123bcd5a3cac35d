import { HISTORY_SCHEMA_VERSION, type HistoryAgent, type HistoryRecord } from '../../src/contracts/history.ts'

/** One agent's line of a history record, with round defaults. */
export function historyAgent(over: Partial<HistoryAgent> = {}): HistoryAgent {
  return {
    agent: 'ref',
    tasks: 10,
    passed: 8,
    failed: 2,
    errored: 0,
    unscored: 0,
    setupErrors: 0,
    passRate: 0.8,
    passRateInterval: [0.49, 0.94],
    ruleScore: 0.9,
    overallScore: 0.7,
    domains: { schemaUnderstanding: 0.9, taskCompletion: 0.6, toolUsage: 0.7, planningEffectiveness: 0.6 },
    tiers: { easy: { tasks: 10, passed: 8, passRate: 0.8, passRateInterval: [0.49, 0.94] } },
    avgTokens: 1200,
    avgDurationMs: 3000,
    ...over,
  }
}

/** A history record with one agent, for store and trend tests. */
export function historyEntry(over: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    runId: 'run-1',
    generatedAt: '2025-01-01T00:00:00.000Z',
    git: { commit: 'c'.repeat(40), branch: 'main', source: 'git' },
    interrupted: false,
    unfinished: 0,
    shard: null,
    gate: { applied: true, passed: true },
    tasks: 10,
    fileErrors: 0,
    agents: [historyAgent()],
    ...over,
  }
}
