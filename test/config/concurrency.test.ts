import { describe, expect, it } from 'vitest'
import {
  concurrencyConfig,
  concurrentTasks,
  DEFAULT_CONCURRENCY,
  resolveConcurrency,
  waitsOnModels,
  workersFor,
} from '../../src/node/concurrency.ts'
import { resolveOptions } from '../../src/node/resolve-settings.ts'

describe('the concurrency option', () => {
  it('comes from the option, else MCP_BENCH_CONCURRENCY, else the default', () => {
    expect(resolveConcurrency(4, { MCP_BENCH_CONCURRENCY: '32' })).toBe(4)
    expect(resolveConcurrency(undefined, { MCP_BENCH_CONCURRENCY: '32' })).toBe(32)
    expect(resolveConcurrency(undefined, {})).toBe(DEFAULT_CONCURRENCY)
  })

  it('names the variable when MCP_BENCH_CONCURRENCY is not a whole number from 1 to 1000', () => {
    for (const bad of ['0', '2.5', 'many', '1001']) {
      expect(() => resolveConcurrency(undefined, { MCP_BENCH_CONCURRENCY: bad })).toThrow(
        `MCP_BENCH_CONCURRENCY must be a whole number from 1 to 1000, not "${bad}"`,
      )
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

  it('starts about one worker per four tasks in flight when tasks wait on a model, never fewer than Vitest would nor more than the tasks', () => {
    const model = (cores: number) => ({ waitsOnModels: true, cores })
    expect(workersFor(16, model(2))).toBe(4)
    expect(workersFor(16, model(32))).toBe(16)
    expect(workersFor(2, model(16))).toBe(2)
    expect(workersFor(1, model(1))).toBe(1)
    expect(workersFor(40, model(8))).toBe(10)
  })

  it("starts Vitest's own default, one less than the cores, when tasks only use the CPU", () => {
    const cpu = (cores: number) => ({ waitsOnModels: false, cores })
    expect(workersFor(16, cpu(2))).toBe(1)
    expect(workersFor(16, cpu(1))).toBe(1)
    expect(workersFor(16, cpu(8))).toBe(7)
    expect(workersFor(2, cpu(8))).toBe(2)
  })

  it('counts any agent but the reference agent, or any judge, as waiting on a model', () => {
    expect(waitsOnModels(['reference'], false)).toBe(false)
    expect(waitsOnModels(['reference', { kind: 'openai', model: 'm' }], false)).toBe(true)
    expect(waitsOnModels([{ kind: 'module', module: './agent.ts' }], false)).toBe(true)
    expect(waitsOnModels(['reference'], { model: 'judge' })).toBe(true)
  })
})
