import * as z from 'zod'

/**
 * Which MCP-Bench a run reproduces, where its released code and its paper disagree
 * (docs/mcp-bench-fidelity.md has the table, with the lines of the released code each choice follows):
 *
 * - `released-code`: the numbers `benchmark/evaluator.py`, `agent/executor.py` and
 *   `benchmark/results_aggregator.py` (Accenture/mcp-bench) compute from the same trajectory. The
 *   preset's default, because the published tables were produced by that code.
 * - `paper`: the paper's Algorithm 1 and §5 where they say something else (a stopping plan's calls run;
 *   a judge dimension no sample scored is missing, not 0).
 *
 * Unset (no preset): the project's own semantics (draft-07 schemas with `format` checked, nulls for
 * rates with nothing to measure, whole judge samples).
 */
export const FidelitySchema = z.enum(['released-code', 'paper'])
export type Fidelity = z.infer<typeof FidelitySchema>

/** The default under `preset: 'mcp-bench'`. */
export const DEFAULT_FIDELITY: Fidelity = 'released-code'

/**
 * Whose words a prompt is in, where MCP-Bench's released code has its own: `mcp-bench-checkout` (MCP-Bench's,
 * from the templates `mcp-bench import --mcp-bench-dir` took out of the user's checkout) or `project` (this
 * project's, which it carries instead of MCP-Bench's prose).
 */
export const PromptSourceSchema = z.enum(['mcp-bench-checkout', 'project'])
export type PromptSource = z.infer<typeof PromptSourceSchema>
