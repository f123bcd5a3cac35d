/**
 * What a model's tokens cost, for the running cost `mcp-bench synth` prints:
 * the plugin's own rule and table (modelCost in src/scoring/task-costs.ts over
 * the bundled list prices, src/contracts/prices.ts, with the user's `prices`
 * on top, given to synth by `--prices <file>`). A model the table does not
 * name is reported in tokens only, as on the leaderboard.
 */
import { priceTable, type Prices } from '../contracts/prices.ts'
import { modelCost } from '../scoring/task-costs.ts'

/** The cost of some tokens in USD, or null when the model has no known price. */
export function costOf(model: string, promptTokens: number, completionTokens: number, prices: Prices = priceTable()): number | null {
  return modelCost(model, { promptTokens, completionTokens }, prices)
}
