import * as z from 'zod'
import { LEADERBOARD_SCHEMA_VERSION, LeaderboardSchema } from './leaderboard.ts'

/**
 * leaderboard.json as a JSON Schema (draft 2020-12), generated from the zod schema that the reporter
 * validates against, so that tools outside TypeScript can read and check a board. The zod schema stays the
 * single source of truth: leaderboard.schema.json at the package root is this function's output, and a
 * test fails when the two drift apart (regenerate with `npx tsx scripts/leaderboard-schema.ts`).
 */
export function leaderboardJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(LeaderboardSchema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  return {
    $schema: generated.$schema,
    title: `vitest-mcp-bench leaderboard.json, schemaVersion ${LEADERBOARD_SCHEMA_VERSION}`,
    ...generated,
  }
}
