import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { planKey, ServerPlanSchema } from '../../src/contracts/server-plan.ts'
import { ServerPlanFile } from '../../src/node/server-plan-file.ts'

const read = (path: string) => ServerPlanSchema.parse(JSON.parse(readFileSync(path, 'utf8')))

describe("the run's server plan file (src/node/server-plan-file.ts)", () => {
  it('holds every file counted so far, by project and path, in the shape the workers read, and goes with its directory', () => {
    const plan = new ServerPlanFile()
    expect(existsSync(plan.path)).toBe(false)
    plan.add('', '/p/a.test.ts', ['math'])
    expect(read(plan.path)).toEqual({ [planKey('', '/p/a.test.ts')]: ['math'] })
    plan.add('other', '/p/a.test.ts', ['files', 'math'])
    // A file naming no server adds nothing: there is nothing to start ahead of it.
    plan.add('', '/p/b.test.ts', [])
    expect(read(plan.path)).toEqual({ [planKey('', '/p/a.test.ts')]: ['math'], [planKey('other', '/p/a.test.ts')]: ['files', 'math'] })
    plan.close()
    expect(existsSync(dirname(plan.path))).toBe(false)
  })
})
