export { createJudge, judgeTrajectory, type Judge, type CreateJudgeOptions } from './judge.ts'
export { JudgeConfigSchema, resolveJudgeConfig, DEFAULT_CACHE_DIR, type JudgeConfig, type JudgeConfigInput, type ResolvedJudgeConfig } from './config.ts'
export * from '../../contracts/judge-result.ts'
export {
  MCP_BENCH_RUBRIC,
  MCP_BENCH_DIMENSIONS,
  MCP_BENCH_CATEGORIES,
  PASS_FAIL_PRINCIPLES,
  RubricSchema,
  answerKey,
  type Rubric,
  type RubricInput,
  type McpBenchDimension,
  type McpBenchCategory,
} from './rubric.ts'
export { buildRubricPrompt, buildPassFailPrompt, executionSummary, type JudgeInput, type BuiltPrompt, type PromptLimits } from './prompt.ts'
export { describeDependencyLayers } from './plan.ts'
export { parseRubricReply, parsePassFailReply, extractJsonObjects } from './parse.ts'
export { createFence, neutralise, deriveNonce, FENCE_PREFIX } from './untrusted.ts'
export { createRng, shuffled, hashSeed, sampleSeed } from '../../lib/random.ts'
