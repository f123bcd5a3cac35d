import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { leaderboardJsonSchema } from '../../src/contracts/leaderboard-json-schema.ts'
import { call, record, trajectory } from '../support/trajectories.ts'

/**
 * The shipped JSON Schema of leaderboard.json, checked by a validator of its own (a fresh ajv, strict, that
 * shares nothing with the project's schema checks) against boards the reporter's code builds.
 */
const shipped = JSON.parse(readFileSync(new URL('../../leaderboard.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>
// strictRequired off: a record keyed by an enum lists its keys as required next to propertyNames.
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(shipped)

const board = () =>
  buildLeaderboard({
    records: [
      record({ taskId: 'a' }),
      record({ taskId: 'b', agent: 'B', servers: ['math', 'time'] }, 'failed', ['expected 4, got 5']),
      record({ taskId: 'c', stopped: { phase: 'agent', message: 'agent timed out' }, trajectory: trajectory([call({ isError: true })]) }),
      record({ taskId: 'd', stopped: { phase: 'servers', message: 'server "x" did not start' }, trajectory: null }),
      record({
        taskId: 'e',
        fidelity: { mode: 'released-code', maxRounds: 20 },
        trajectory: trajectory([call({ valid: false, schemaValid: null, isError: true })]),
      }),
    ],
    fileErrors: [{ file: 'benchmarks/broken.test.ts', error: 'SyntaxError' }],
    interrupted: false,
    unfinished: [],
    gate: { minPassRate: 0.5 },
    gateDeferred: null,
  })

describe('leaderboard.schema.json', () => {
  it('is what the zod schema generates (regenerate: npx tsx scripts/leaderboard-schema.ts)', () => {
    expect(shipped).toEqual(leaderboardJsonSchema())
  })

  it('accepts the boards the reporter builds', () => {
    const json = JSON.parse(JSON.stringify(board()))
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
  })

  it('rejects a board that breaks it, naming the field', () => {
    const json = JSON.parse(JSON.stringify(board()))
    json.agents[0].passRate = 1.5
    delete json.tasks[0].status
    expect(validate(json)).toBe(false)
    const where = validate.errors!.map((e) => `${e.instancePath} ${e.message}`)
    expect(where).toEqual(expect.arrayContaining(['/agents/0/passRate must be <= 1', "/tasks/0 must have required property 'status'"]))
  })
})
