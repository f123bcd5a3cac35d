import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { judgeTrajectory } from '../../src/runtime/judge/judge.ts'
import { STAND_IN_TEMPLATES } from '../support/stand-in-templates.ts'
import { input } from './helpers.ts'

const servers: ScriptedModelServer[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function templatesFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'templates-'))
  dirs.push(dir)
  const file = join(dir, 'mcp-bench-templates.json')
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

const FLAT = JSON.stringify({
  task_fulfillment_reasoning: 'most of it',
  task_fulfillment: 6,
  grounding: 5,
  tool_appropriateness: 7,
  parameter_accuracy: 8,
  dependency_awareness: 4,
  parallelism_and_efficiency: 3,
})

describe('the judge with MCP-Bench templates (judge option `templates`)', () => {
  it('sends the released prompt, reads the flat reply and says whose prompt it was', async () => {
    const server = await startScriptedModel({ script: [{ content: FLAT }, { content: FLAT }] })
    servers.push(server)
    const templates = await templatesFile(STAND_IN_TEMPLATES)
    const result = await judgeTrajectory(
      input(),
      { model: 'judge', baseURL: server.url, apiKey: 'k', cache: false, samples: 2, sampleAveraging: 'mcp-bench-evaluator', templates },
      { env: {} },
    )
    expect(result).toMatchObject({ kind: 'rubric', prompt: 'mcp-bench-checkout', reasoning: { taskFulfillment: 'most of it' } })
    expect(result.kind === 'rubric' && result.samples.scores[0]).toEqual({
      taskFulfillment: 6,
      informationGrounding: 5,
      toolAppropriateness: 7,
      parameterAccuracy: 8,
      dependencyAwareness: 4,
      parallelismEfficiency: 3,
    })
    const sent = server.requests.map((r) => r.body.messages as Array<{ content: string }>)
    expect(sent[0]![0]!.content).toBe('SYSTEM: grade the run')
    expect(sent[0]![1]!.content.startsWith('HEAD\n')).toBe(true)
  })

  it("without templates, says the prompt was this project's", async () => {
    const server = await startScriptedModel({ script: [{ content: FLAT }] })
    servers.push(server)
    const result = await judgeTrajectory(
      input(),
      { model: 'judge', baseURL: server.url, apiKey: 'k', cache: false, samples: 1, sampleAveraging: 'mcp-bench-evaluator' },
      { env: {} },
    )
    expect(result).toMatchObject({ kind: 'rubric', prompt: 'project' })
  })

  it('names the file when the templates cannot be used', async () => {
    const broken = await templatesFile({ version: 1, judge: {} })
    expect(() => judgeTrajectory(input(), { model: 'judge', apiKey: 'k', templates: broken }, { env: {} })).toThrow(broken)
    expect(() => judgeTrajectory(input(), { model: 'judge', apiKey: 'k', templates: '/nowhere/t.json' }, { env: {} })).toThrow(
      '/nowhere/t.json',
    )
  })
})
