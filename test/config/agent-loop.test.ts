import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadAgent } from '../../src/runtime/agents/resolve.ts'
import { agentName } from '../../src/lib/agent-name.ts'
import { AgentOptionSchema } from '../../src/contracts/options.ts'
import { resolveAgents } from '../../src/node/resolve-settings.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('choosing the agent loop', () => {
  it('`loop: "react"` in the agent setting names the row `<model> (react)` and builds the ReAct agent', async () => {
    const setting = AgentOptionSchema.parse({ model: 'qwen3:8b', loop: 'react', baseURL: 'http://127.0.0.1:9/v1', formatReminders: 2 })
    expect(agentName(setting)).toBe('qwen3:8b (react)')
    const agent = await loadAgent(setting, process.cwd())
    expect(agent.name).toBe('qwen3:8b (react)')
    // The three loops of one model are three rows.
    const names = (['tools', 'planner', 'react'] as const).map((loop) => agentName(AgentOptionSchema.parse({ model: 'm', loop })))
    expect(names).toEqual(['m', 'm (planner)', 'm (react)'])
  })

  it('rejects an unknown loop and a negative reminder count', () => {
    expect(() => AgentOptionSchema.parse({ model: 'm', loop: 'reflexion' })).toThrow()
    expect(() => AgentOptionSchema.parse({ model: 'm', loop: 'react', formatReminders: -1 })).toThrow()
  })

  it('MCP_BENCH_AGENT_LOOP=react selects it for MCP_BENCH_MODEL; an unknown value is an error naming the variable', () => {
    vi.stubEnv('MCP_BENCH_MODEL', 'qwen3:8b')
    vi.stubEnv('MCP_BENCH_AGENT_LOOP', 'react')
    expect(resolveAgents(undefined)).toEqual([{ kind: 'openai', model: 'qwen3:8b', loop: 'react' }])
    vi.stubEnv('MCP_BENCH_AGENT_LOOP', 'Planner')
    expect(resolveAgents(undefined)).toEqual([{ kind: 'openai', model: 'qwen3:8b', loop: 'planner' }])
    vi.stubEnv('MCP_BENCH_AGENT_LOOP', '')
    expect(resolveAgents(undefined)).toEqual([{ kind: 'openai', model: 'qwen3:8b', loop: 'tools' }])
    vi.stubEnv('MCP_BENCH_AGENT_LOOP', 'reAct-ish')
    expect(() => resolveAgents(undefined)).toThrow('MCP_BENCH_AGENT_LOOP must be one of tools, planner, react, not "reAct-ish"')
  })
})
