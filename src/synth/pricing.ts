/**
 * What a model's tokens cost, for the running cost `mcp-bench synth` prints: the
 * plugin's own list prices (src/contracts/prices.ts), looked up by the names a
 * synth run is given. Cached-input and batch discounts are ignored, so the
 * figure is an upper bound for OpenAI; the report says which model it priced.
 */
import { DEFAULT_PRICES, priceFor, type ModelPrice } from '../contracts/prices.ts'

/**
 * The price of a model by its name, a dated snapshot of it
 * (`gpt-4o-mini-2024-07-18`) or a router's name for it (`openai/gpt-4o-mini`).
 * Other variants (`gpt-4o-audio-preview`) are priced differently, so they get
 * none. Undefined when unknown (local models, other providers): the cost is
 * then reported in tokens only.
 */
export function priceOf(model: string): ModelPrice | undefined {
  return priceFor(model.split('/').at(-1)!.toLowerCase(), DEFAULT_PRICES) ?? undefined
}

/** The cost of some tokens in USD, or null when the model has no known price. */
export function costOf(model: string, promptTokens: number, completionTokens: number): number | null {
  const price = priceOf(model)
  return price ? (promptTokens * price.input + completionTokens * price.output) / 1_000_000 : null
}
