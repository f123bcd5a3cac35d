/** Writes leaderboard.schema.json (the package root) from the zod schema: `npx tsx scripts/leaderboard-schema.ts`. */
import { writeFileSync } from 'node:fs'
import { leaderboardJsonSchema } from '../src/contracts/leaderboard-json-schema.ts'

writeFileSync(new URL('../leaderboard.schema.json', import.meta.url), `${JSON.stringify(leaderboardJsonSchema(), null, 2)}\n`)
