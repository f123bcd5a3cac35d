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

/** The date the bundled prices are for (the sources, and how each was checked, are named below). */
export const DEFAULT_PRICES_AS_OF = '2025-08-07'

/**
 * List prices for well-known chat models, USD per million tokens (standard tier, prompts within the base context
 * tier, no caching or batch discount), as of DEFAULT_PRICES_AS_OF:
 * - OpenAI: openai.com/api/pricing (the GPT-5 launch, after o3's June 2025 cut);
 * - Anthropic: docs.anthropic.com/en/docs/about-claude/pricing (ids also match their dated snapshots), checked
 *   against a stored copy of that page;
 * - DeepSeek: api-docs.deepseek.com/quick_start/pricing (standard hours), checked against a stored copy of that page;
 * - Google: ai.google.dev/gemini-api/docs/pricing (paid tier; Gemini 2.5 Pro up to 200K prompt tokens), checked
 *   only against secondary listings that quote that page, not the page itself.
 * Models hosted elsewhere (Groq, Together AI, …) are left out: their prices could not be checked here.
 * Prices change: the `prices` option overrides any entry and adds others (docs/reference/options.md).
 */
export const DEFAULT_PRICES: Readonly<Prices> = Object.freeze({
  // OpenAI
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  o3: { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  // Anthropic
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-opus-4': { input: 15, output: 75 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  // Google
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  'gemini-2.0-flash': { input: 0.1, output: 0.4 },
  // DeepSeek's own API (its standard-hours prices until 5 September 2025)
  'deepseek-chat': { input: 0.27, output: 1.1 },
  'deepseek-reasoner': { input: 0.55, output: 2.19 },
})

/** The bundled prices with the user's on top (theirs win). */
export function priceTable(overrides: Prices = {}): Prices {
  return { ...DEFAULT_PRICES, ...overrides }
}

/**
 * A dated snapshot id is priced as its family: `gpt-4o-mini-2024-07-18` as `gpt-4o-mini`, Anthropic's
 * `claude-sonnet-4-20250514` as `claude-sonnet-4`, and its `claude-3-5-haiku-latest` alias as `claude-3-5-haiku`.
 */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/

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
