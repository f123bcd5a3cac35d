// An isolated agent built on the package's baselines entry: the bundle resolves `vitest-mcp-bench/baselines`.
import { greedyOneStepAgent } from 'vitest-mcp-bench/baselines'

export default greedyOneStepAgent()
