import { expect, it } from 'vitest'
import { passRatesBySetting, settingsOf } from '../../src/scoring/breakdowns.ts'
import { record } from '../support/trajectories.ts'

it('counts pass rates per agent and setting, settings in order of server count, setup errors left out', () => {
  const records = [
    record({ taskId: 'a', agent: 'A', servers: ['x', 'y', 'z'] }),
    record({ taskId: 'b', agent: 'A', servers: ['x'] }, 'failed', ['no']),
    record({ taskId: 'c', agent: 'A', servers: ['x'] }),
    record({ taskId: 'd', agent: 'A', servers: ['x', 'y'] }, 'failed', ['no']),
    record({ taskId: 'e', agent: 'A', servers: ['x', 'y'], trajectory: null, stopped: { phase: 'servers', message: 'down' } }, 'failed'),
    record({ taskId: 'a', agent: 'B', servers: ['x', 'y'] }),
  ]
  expect(settingsOf(records)).toEqual(['single-server', 'multi-server-2', 'multi-server-3'])
  const [a, b] = passRatesBySetting(records)
  expect(a!.agent).toBe('A')
  expect(a!.settings.map((s) => [s.setting, s.summary.passed, s.summary.tasks, s.summary.passRate])).toEqual([
    ['single-server', 1, 2, 0.5],
    ['multi-server-2', 0, 1, 0],
    ['multi-server-3', 1, 1, 1],
  ])
  expect(b!.settings.map((s) => [s.setting, s.summary.passRate])).toEqual([['multi-server-2', 1]])
})
