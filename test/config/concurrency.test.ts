import { describe, expect, it } from 'vitest'
import { concurrencyConfig, concurrentTasks, DEFAULT_CONCURRENCY, resolveConcurrency, workersFor } from '../../src/node/concurrency.ts'
import { resolveOptions } from '../../src/node/resolve-settings.ts'

describe('the concurrency option', () => {
  it('comes from the option, else MCP_BENCH_CONCURRENCY, else the default', () => {
    expect(resolveConcurrency(4, { MCP_BENCH_CONCURRENCY: '32' })).toBe(4)
    expect(resolveConcurrency(undefined, { MCP_BENCH_CONCURRENCY: '32' })).toBe(32)
    expect(resolveConcurrency(undefined, {})).toBe(DEFAULT_CONCURRENCY)
  })

  it('names the variable when MCP_BENCH_CONCURRENCY is not a whole number from 1 to 1000', () => {
    for (const bad of ['0', '2.5', 'many', '1001']) {
      expect(() => resolveConcurrency(undefined, { MCP_BENCH_CONCURRENCY: bad })).toThrow(`MCP_BENCH_CONCURRENCY must be a whole number from 1 to 1000, not "${bad}"`)
    }
  })

  it('is validated with the other plugin options, and per endpoint on an OpenAI agent', () => {
    expect(() => resolveOptions({ concurrency: 0 })).toThrow(/concurrency/)
    expect(resolveOptions({ agent: { model: 'm', concurrency: 4 } }).agent).toMatchObject({ concurrency: 4 })
    expect(() => resolveOptions({ agent: { model: 'm', concurrency: 0 } })).toThrow(/concurrency/)
  })

  it("raises Vitest's per-worker limit to the run's, unless the project set its own", () => {
    expect(concurrencyConfig(16, undefined)).toEqual({ maxConcurrency: 16 })
    expect(concurrencyConfig(16, { maxConcurrency: 3 })).toEqual({})
    expect(concurrentTasks(undefined)).toBe(true)
    expect(concurrentTasks({ sequence: { concurrent: false } })).toBe(false)
  })

  it('starts about one worker per four tasks in flight, never fewer than Vitest would nor more than the tasks', () => {
    expect(workersFor(16, 2)).toBe(4)
    expect(workersFor(16, 32)).toBe(16)
    expect(workersFor(2, 16)).toBe(2)
    expect(workersFor(1, 1)).toBe(1)
    expect(workersFor(40, 8)).toBe(10)
  })
})
