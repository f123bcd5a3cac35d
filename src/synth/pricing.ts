/**
 * What a model's tokens cost, for the running cost `mcp-bench synth` prints.
 * One small table on purpose: replace this module (or extend the table) to
 * price other models or providers; nothing else reads prices.
 *
 * USD per million tokens, OpenAI's published standard-tier list prices
 * (https://openai.com/api/pricing, mid-2025). Cached-input discounts and
 * batch prices are ignored, so the figure is an upper bound for OpenAI.
 * Prices change: the report says which model it priced, so a reader can check.
 */
export interface TokenPrice {
  /** USD per million prompt tokens. */
  input: number
  /** USD per million completion tokens. */
  output: number
}

const PRICES: Readonly<Record<string, TokenPrice>> = {
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o3': { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
}

/**
 * The price of a model by its name, a dated snapshot of it
 * (`gpt-4o-mini-2024-07-18`) or a router's name for it (`openai/gpt-4o-mini`).
 * Other variants (`gpt-4o-audio-preview`) are priced differently, so they get
 * none. Undefined when unknown (local models, other providers): the cost is
 * then reported in tokens only.
 */
export function priceOf(model: string): TokenPrice | undefined {
  const name = model.split('/').at(-1)!.toLowerCase().replace(/-\d{4}-\d{2}-\d{2}$/, '')
  return Object.hasOwn(PRICES, name) ? PRICES[name] : undefined
}

/** The cost of some tokens in USD, or null when the model has no known price. */
export function costOf(model: string, promptTokens: number, completionTokens: number): number | null {
  const price = priceOf(model)
  return price ? (promptTokens * price.input + completionTokens * price.output) / 1_000_000 : null
}
