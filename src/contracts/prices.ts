import * as z from 'zod'

/**
 * What tokens cost: a price table keyed by model id, in US dollars per
 * million tokens, the unit providers publish. Only list prices for input
 * (prompt) and output (completion) tokens: cached-input and batch discounts
 * are not modelled, so a cost is what the tokens cost at list price.
 */
const ModelPriceSchema = z.strictObject({
  /** USD per million prompt tokens. */
  input: z.number().nonnegative(),
  /** USD per million completion tokens (reasoning tokens are billed, and reported, as completion tokens). */
  output: z.number().nonnegative(),
})
export type ModelPrice = z.infer<typeof ModelPriceSchema>

/** The `prices` option: `{ 'model-id': { input, output } }`, USD per million tokens. */
export const PricesSchema = z.record(z.string().min(1), ModelPriceSchema)
export type Prices = z.infer<typeof PricesSchema>

/** When the bundled prices were OpenAI's published list prices. */
export const DEFAULT_PRICES_AS_OF = '2025-08-07'

/**
 * OpenAI's standard-tier list prices for well-known chat models, USD per
 * million tokens, as published on its API pricing page on
 * DEFAULT_PRICES_AS_OF (the GPT-5 launch, after o3's June 2025 cut). Prices
 * change: the `prices` option overrides any entry and adds others.
 */
export const DEFAULT_PRICES: Readonly<Prices> = Object.freeze({
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'o3': { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
})

/** The bundled prices with the user's on top (theirs win). */
export function priceTable(overrides: Prices = {}): Prices {
  return { ...DEFAULT_PRICES, ...overrides }
}

/** A dated snapshot id, `gpt-4o-mini-2024-07-18`, is priced as its family, `gpt-4o-mini`. */
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/

/**
 * The price of a model: its exact id, else its id without a dated snapshot
 * suffix; null when the table has neither. No other guessing: `gpt-4o` is not
 * a price for `gpt-4o-mini`, and an unknown model's cost stays unknown.
 */
export function priceFor(model: string | null | undefined, table: Prices): ModelPrice | null {
  if (!model) return null
  if (Object.hasOwn(table, model)) return table[model]!
  const family = model.replace(SNAPSHOT_SUFFIX, '')
  return family !== model && Object.hasOwn(table, family) ? table[family]! : null
}
