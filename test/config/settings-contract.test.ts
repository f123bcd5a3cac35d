import { describe, expect, it } from 'vitest'
import { RuntimeSettingsSchema } from '../../src/contracts/settings.ts'
import { annotates, judgeSetting, judgeWorkerEnv, resolveOptions, runtimeSettings } from '../../src/node/resolve-settings.ts'
import environment from '../../src/runtime/environment.ts'

const PLANTED = 'sk-planted-judge-key-0123456789'

describe('the settings that cross from the main process to the workers', () => {
  it('satisfy their contract as the plugin resolves them', () => {
    const settings = runtimeSettings(resolveOptions({ servers: {}, judge: 'j-model' }), '/project', {}, false)
    expect(RuntimeSettingsSchema.parse(settings)).toEqual(settings)
  })

  it("annotate each task's test when someone watches the run (watch mode, the UI), unless the option says", () => {
    expect(annotates(undefined, { watch: false })).toBe(false)
    expect(annotates(undefined, { watch: true })).toBe(true)
    expect(annotates(undefined, { watch: false, ui: true })).toBe(true)
    expect(annotates(true, { watch: false })).toBe(true)
    expect(annotates(false, { watch: true, ui: true })).toBe(false)
    expect(runtimeSettings(resolveOptions({ servers: {}, annotate: true }), '/project', {}).annotate).toBe(true)
    expect(() => resolveOptions({ annotate: 'yes' as never })).toThrow(/annotate/)
  })

  it('name the judge key and headers by variable and never carry them, and leave process.env alone', () => {
    const before = { ...process.env }
    const option = { model: 'j', apiKey: PLANTED, headers: { 'x-team': 'team-secret-value' } }
    const setting = judgeSetting(option, {})
    expect(JSON.stringify(setting)).not.toContain(PLANTED)
    expect(JSON.stringify(setting)).not.toContain('team-secret-value')
    expect(setting).toMatchObject({ model: 'j', apiKeyEnv: 'MCP_BENCH_JUDGE_API_KEY', headersEnv: 'MCP_BENCH_JUDGE_HEADERS' })
    // The values go to the project's workers through Vitest's test.env, not into this process.
    expect(judgeWorkerEnv(option)).toEqual({ MCP_BENCH_JUDGE_API_KEY: PLANTED, MCP_BENCH_JUDGE_HEADERS: '{"x-team":"team-secret-value"}' })
    runtimeSettings(resolveOptions({ servers: {}, judge: option }), '/project')
    expect(process.env).toEqual(before)
  })

  it('are decided in the main process: the model and endpoint from the environment there, the cache off with MCP_BENCH_NO_CACHE', () => {
    expect(
      judgeSetting(undefined, { MCP_BENCH_JUDGE_MODEL: 'm', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', MCP_BENCH_NO_CACHE: '1' }),
    ).toMatchObject({ model: 'm', baseURL: 'http://127.0.0.1:9/v1', cache: false, apiKeyEnv: 'OPENAI_API_KEY' })
    expect(judgeSetting(undefined, {})).toBe(false)
    expect(judgeSetting(false, { MCP_BENCH_JUDGE_MODEL: 'm' })).toBe(false)
  })

  it('are validated where they arrive: a worker given settings out of shape says so and starts nothing', async () => {
    const good = runtimeSettings(resolveOptions({ servers: {} }), '/project', {}, true)
    await expect(environment.setup(globalThis, { mcpBench: { ...good, concurrency: 0 } })).rejects.toThrow(
      /settings the plugin sent this worker are not valid[\s\S]*concurrency/,
    )
    await expect(environment.setup(globalThis, { mcpBench: { ...good, agents: 'reference' } })).rejects.toThrow(/agents/)
    await expect(environment.setup(globalThis, {})).rejects.toThrow(/add mcpBench\(\) to the plugins/)
  })
})
