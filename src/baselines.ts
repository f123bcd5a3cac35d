// `vitest-mcp-bench/baselines`: the two agents that mark the floor of the scale (docs/reference/api.md). They call
// no model and use only the custom-agent context, so they load as `{ module }` agents like any agent a user writes.
export { randomAgent, type RandomAgentOptions } from './runtime/agents/baselines/random.ts'
export { greedyOneStepAgent } from './runtime/agents/baselines/greedy-one-step.ts'
