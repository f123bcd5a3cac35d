/**
 * Units a number fact may be written in, so that `{ value: 2320, unit: 'm' }`
 * accepts "7,612 ft" and `{ value: 15.24, unit: 'GB' }` accepts "14.19 GiB".
 * Each unit belongs to one quantity and converts to that quantity's base
 * unit by `base = value * scale + offset` (only temperatures have an offset:
 * a temperature converts as a reading, not as a difference).
 *
 * Symbols are matched case-sensitively ("MB" is not "mb", "K" is kelvin),
 * words case-insensitively. The bare word "in" is left out on purpose: in
 * "12.5 in Denver" it is a preposition, not inches.
 */

type Quantity = 'length' | 'mass' | 'temperature' | 'data' | 'time' | 'speed' | 'volume'

export interface Unit {
  quantity: Quantity
  scale: number
  offset: number
  /** The canonical symbol, for messages. */
  symbol: string
}

interface UnitDef {
  quantity: Quantity
  scale: number
  offset?: number
  symbols: string[]
  words?: string[]
}

const MILE = 1609.344
const FOOT = 0.3048
const INCH = 0.0254
const POUND = 0.45359237
const US_GALLON = 3.785411784

const DEFINITIONS: UnitDef[] = [
  // length, in metres
  { quantity: 'length', scale: 1, symbols: ['m'], words: ['metre', 'metres', 'meter', 'meters'] },
  { quantity: 'length', scale: 1000, symbols: ['km'], words: ['kilometre', 'kilometres', 'kilometer', 'kilometers'] },
  { quantity: 'length', scale: 0.01, symbols: ['cm'], words: ['centimetre', 'centimetres', 'centimeter', 'centimeters'] },
  { quantity: 'length', scale: 0.001, symbols: ['mm'], words: ['millimetre', 'millimetres', 'millimeter', 'millimeters'] },
  { quantity: 'length', scale: MILE, symbols: ['mi'], words: ['mile', 'miles'] },
  { quantity: 'length', scale: 1852, symbols: ['nmi'], words: ['nautical mile', 'nautical miles'] },
  { quantity: 'length', scale: FOOT, symbols: ['ft', '′'], words: ['foot', 'feet'] },
  { quantity: 'length', scale: INCH, symbols: ['in.', '″'], words: ['inch', 'inches'] },
  { quantity: 'length', scale: 0.9144, symbols: ['yd'], words: ['yard', 'yards'] },
  { quantity: 'length', scale: 149_597_870_700, symbols: ['AU', 'au'], words: ['astronomical unit', 'astronomical units'] },
  { quantity: 'length', scale: 9.4607304725808e15, symbols: ['ly'], words: ['light-year', 'light-years', 'light year', 'light years'] },
  // 3.0856775814913673e16 m, written as the integer a double holds (the 17-digit literal claims a digit it loses).
  { quantity: 'length', scale: 30_856_775_814_913_672, symbols: ['pc'], words: ['parsec', 'parsecs'] },
  // mass, in kilograms
  { quantity: 'mass', scale: 1, symbols: ['kg'], words: ['kilogram', 'kilograms', 'kilo', 'kilos'] },
  { quantity: 'mass', scale: 0.001, symbols: ['g'], words: ['gram', 'grams'] },
  { quantity: 'mass', scale: 1e-6, symbols: ['mg'], words: ['milligram', 'milligrams'] },
  { quantity: 'mass', scale: 1e-9, symbols: ['µg', 'μg', 'mcg'], words: ['microgram', 'micrograms'] },
  { quantity: 'mass', scale: 1000, symbols: ['t'], words: ['tonne', 'tonnes', 'metric ton', 'metric tons'] },
  { quantity: 'mass', scale: POUND, symbols: ['lb', 'lbs'], words: ['pound', 'pounds'] },
  { quantity: 'mass', scale: POUND / 16, symbols: ['oz'], words: ['ounce', 'ounces'] },
  { quantity: 'mass', scale: POUND * 14, symbols: ['st'], words: ['stone'] },
  // temperature, in kelvin
  {
    quantity: 'temperature',
    scale: 1,
    offset: 273.15,
    symbols: ['°C', 'ºC', '° C', 'C', 'degC'],
    words: ['degrees celsius', 'degree celsius', 'celsius', 'degrees c', 'deg c'],
  },
  {
    quantity: 'temperature',
    scale: 5 / 9,
    offset: 273.15 - (32 * 5) / 9,
    symbols: ['°F', 'ºF', '° F', 'F', 'degF'],
    words: ['degrees fahrenheit', 'degree fahrenheit', 'fahrenheit', 'degrees f', 'deg f'],
  },
  { quantity: 'temperature', scale: 1, symbols: ['K'], words: ['kelvin', 'kelvins'] },
  // data sizes, in bytes: decimal prefixes and binary ones (GB is 10⁹ bytes, GiB 2³⁰)
  { quantity: 'data', scale: 1, symbols: ['B'], words: ['byte', 'bytes'] },
  { quantity: 'data', scale: 1e3, symbols: ['kB', 'KB'], words: ['kilobyte', 'kilobytes'] },
  { quantity: 'data', scale: 1e6, symbols: ['MB'], words: ['megabyte', 'megabytes'] },
  { quantity: 'data', scale: 1e9, symbols: ['GB'], words: ['gigabyte', 'gigabytes'] },
  { quantity: 'data', scale: 1e12, symbols: ['TB'], words: ['terabyte', 'terabytes'] },
  { quantity: 'data', scale: 2 ** 10, symbols: ['KiB'], words: ['kibibyte', 'kibibytes'] },
  { quantity: 'data', scale: 2 ** 20, symbols: ['MiB'], words: ['mebibyte', 'mebibytes'] },
  { quantity: 'data', scale: 2 ** 30, symbols: ['GiB'], words: ['gibibyte', 'gibibytes'] },
  { quantity: 'data', scale: 2 ** 40, symbols: ['TiB'], words: ['tebibyte', 'tebibytes'] },
  // time, in seconds
  { quantity: 'time', scale: 1, symbols: ['s', 'sec'], words: ['second', 'seconds', 'secs'] },
  { quantity: 'time', scale: 0.001, symbols: ['ms'], words: ['millisecond', 'milliseconds'] },
  { quantity: 'time', scale: 60, symbols: ['min'], words: ['minute', 'minutes', 'mins'] },
  { quantity: 'time', scale: 3600, symbols: ['h', 'hr', 'hrs'], words: ['hour', 'hours'] },
  { quantity: 'time', scale: 86_400, symbols: ['d'], words: ['day', 'days'] },
  { quantity: 'time', scale: 7 * 86_400, symbols: ['wk', 'wks', 'w'], words: ['week', 'weeks'] },
  { quantity: 'time', scale: 365.25 * 86_400, symbols: ['yr', 'yrs'], words: ['year', 'years'] },
  // speed, in metres per second
  { quantity: 'speed', scale: 1, symbols: ['m/s', 'm s⁻¹'], words: ['metres per second', 'meters per second'] },
  {
    quantity: 'speed',
    scale: 1000 / 3600,
    symbols: ['km/h', 'kph', 'km/hr', 'kmh'],
    words: ['kilometres per hour', 'kilometers per hour'],
  },
  { quantity: 'speed', scale: 1000, symbols: ['km/s'], words: ['kilometres per second', 'kilometers per second'] },
  { quantity: 'speed', scale: MILE / 3600, symbols: ['mph', 'mi/h'], words: ['miles per hour'] },
  { quantity: 'speed', scale: 1852 / 3600, symbols: ['kn', 'kt', 'kts'], words: ['knot', 'knots'] },
  // volume, in litres
  { quantity: 'volume', scale: 1, symbols: ['L', 'l'], words: ['litre', 'litres', 'liter', 'liters'] },
  { quantity: 'volume', scale: 0.001, symbols: ['mL', 'ml'], words: ['millilitre', 'millilitres', 'milliliter', 'milliliters'] },
  { quantity: 'volume', scale: 1000, symbols: ['m³', 'm3'], words: ['cubic metre', 'cubic metres', 'cubic meter', 'cubic meters'] },
  { quantity: 'volume', scale: US_GALLON, symbols: ['gal'], words: ['gallon', 'gallons'] },
  { quantity: 'volume', scale: US_GALLON / 128, symbols: ['fl oz', 'fl. oz.'], words: ['fluid ounce', 'fluid ounces'] },
  { quantity: 'volume', scale: US_GALLON / 16, symbols: [], words: ['cup', 'cups'] },
]

interface Alias {
  text: string
  caseSensitive: boolean
  unit: Unit
}

/** Every way a unit may be written, longest first, so "km/h" wins over "km" and "min" over "mi". */
const ALIASES: Alias[] = DEFINITIONS.flatMap((d) => {
  const unit: Unit = { quantity: d.quantity, scale: d.scale, offset: d.offset ?? 0, symbol: d.symbols[0] ?? d.words![0]! }
  return [
    ...d.symbols.map((text) => ({ text, caseSensitive: true, unit })),
    ...(d.words ?? []).map((text) => ({ text, caseSensitive: false, unit })),
  ]
}).sort((a, b) => b.text.length - a.text.length)

/**
 * The aliases, in ALIASES' order, that can match a text starting with `first` (`lower` once lowercased): a
 * case-sensitive alias must start with `first`, any other with `lower`. unitAt reads every standalone number of
 * every tool output (grounding) and answer (facts), and most of the aliases can be ruled out by their first
 * character alone; the lists are built on first use, one per pair of characters.
 */
const byFirst = new Map<string, Alias[]>()
function aliasesStarting(first: string, lower: string): Alias[] {
  const key = first + lower
  let list = byFirst.get(key)
  if (!list) {
    list = ALIASES.filter((a) => a.text.charAt(0) === (a.caseSensitive ? first : lower))
    byFirst.set(key, list)
  }
  return list
}

/** The unit a fact names (`'m'`, `'°C'`, `'GiB'`, `'miles'`), or undefined when it is not one we know. */
export function parseUnit(name: string): Unit | undefined {
  const text = name.trim()
  const lower = text.toLowerCase()
  // The first alias in ALIASES' order that matches, as a scan would find it: the candidates share the first character.
  return aliasesStarting(text.charAt(0), lower.charAt(0)).find((a) => a.text === (a.caseSensitive ? text : lower))?.unit
}

/** Every unit name `parseUnit` knows, for the schema's error message. */
export function knownUnits(): string[] {
  return DEFINITIONS.map((d) => d.symbols[0] ?? d.words![0]!)
}

/**
 * The unit written right after a number, if any: `text` is what follows the
 * number. Returns the unit and how many characters it took, including the
 * space before it. The unit must end at a word boundary ("5 mice" is no
 * "mi"), so a following letter or digit rules it out.
 */
export function unitAt(text: string): { unit: Unit; length: number } | undefined {
  const space = /^[ \t\u00a0\u202f]?/.exec(text)![0].length
  // Most numbers are followed by a digit, a comma or nothing: no unit starts that way.
  if (!/^[\p{L}°º′″µμ]/u.test(text.charAt(space))) return undefined
  const rest = text.slice(space)
  const lower = rest.toLowerCase()
  for (const alias of aliasesStarting(rest.charAt(0), lower.charAt(0))) {
    const head = alias.caseSensitive ? rest.slice(0, alias.text.length) : lower.slice(0, alias.text.length)
    if (head !== alias.text) continue
    // "in." ends with its own boundary; any other unit must not run on into a word or a digit ("5 mice", "m²").
    if (!alias.text.endsWith('.') && /[\p{L}\p{N}]/u.test(rest.charAt(alias.text.length))) continue
    return { unit: alias.unit, length: space + alias.text.length }
  }
  return undefined
}

/** `value` in `from` expressed in `to`; the two must be of one quantity. */
export function convert(value: number, from: Unit, to: Unit): number {
  return (value * from.scale + from.offset - to.offset) / to.scale
}

/** How much one step of `from` is in `to` (for rounding tolerances): no offset, since a step is a difference. */
export function stepRatio(from: Unit, to: Unit): number {
  return from.scale / to.scale
}
