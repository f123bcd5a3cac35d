/**
 * One redaction step for everything the harness writes: reports, the
 * terminal, blob reports, trajectories, error messages. It removes the
 * values of every secret it was told about (each `${VAR}` a server entry
 * expanded, every API key variable in use) and anything shaped like a
 * credential that a provider or a server may echo back (`sk-…` keys,
 * `Bearer …` tokens, `user:password@` in URLs, `api_key=…`).
 */
export interface Secret {
  value: string
  /** Shown in place of the value, so a reader knows what was there. */
  label: string
}

export interface Redactor {
  text(value: string): string
  /** A deep copy of plain JSON data with every string redacted. */
  deep<T>(value: T): T
  /** The secrets it replaces (long enough to be told from ordinary text), for stores that put them back on replay. */
  readonly secrets: readonly Secret[]
  /** Secrets it leaves alone because they are shorter than MIN_SECRET_LENGTH: worth a warning. */
  readonly tooShort: readonly Secret[]
}

// Shorter values are too likely to occur by chance ("1", "true") to be replaced safely.
export const MIN_SECRET_LENGTH = 6

/**
 * Each pattern with what it needs somewhere in the text to match at all (`needs`): a plain scan for that, far
 * cheaper than the pattern itself on long text (a report's pieces, a trajectory's answers), decides whether the
 * pattern runs. Keep each `needs` in step with its pattern.
 */
const PATTERNS: Array<{ pattern: RegExp; replacement: string; needs: (text: string) => boolean }> = [
  { pattern: /\bsk-[A-Za-z0-9_-]{8,}/g, replacement: 'sk-[redacted]', needs: (t) => t.includes('sk-') },
  {
    pattern: /\b(Bearer|Basic|token)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
    replacement: '$1$2[redacted]',
    needs: (t) => /bearer|basic|token/i.test(t),
  },
  {
    pattern: /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi,
    replacement: '$1[redacted]@',
    needs: (t) => t.includes('://') && t.includes('@'),
  },
  {
    pattern: /\b((?:api[_-]?key|access[_-]?token|secret|password)["']?\s*[:=]\s*["']?)(?!\[redacted|\$\{)[^\s"'&,;}]{6,}/gi,
    replacement: '$1[redacted]',
    needs: (t) => /api|access|secret|password/i.test(t),
  },
]

/** What any pattern above needs: one scan of a string that has none of them, instead of one per pattern. */
const MAY_MATCH = /sk-|bearer|basic|token|:\/\/|api|access|secret|password/i

/**
 * `patterns: false` replaces only the known values: for stores that must give
 * back on replay exactly what was said (a pattern cannot tell a credential
 * from "token balances", and what it replaced could not be put back).
 */
export function createRedactor(secrets: readonly Secret[], { patterns = true }: { patterns?: boolean } = {}): Redactor {
  const unique = [...new Map(secrets.filter((s) => s.value.length > 0).map((s) => [s.value, s])).values()]
  const long = unique.filter((s) => s.value.length >= MIN_SECRET_LENGTH)
  // Longest first, so a secret that contains another (or one of its encodings) is replaced whole.
  const known = long.flatMap(spellings).sort((a, b) => b.value.length - a.value.length)
  const text = (value: string): string => {
    // Most strings of a trajectory are short (ids, numbers, names): none of them can hold a secret or a pattern's match.
    if (value.length < MIN_SECRET_LENGTH) return value
    let out = value
    for (const secret of known) if (out.includes(secret.value)) out = out.split(secret.value).join(secret.label)
    if (patterns && MAY_MATCH.test(out))
      for (const { pattern, replacement, needs } of PATTERNS) if (needs(out)) out = out.replace(pattern, replacement)
    return out
  }
  const deep = <T>(value: T): T => walk(value, text) as T
  return { text, deep, secrets: long, tooShort: unique.filter((s) => s.value.length < MIN_SECRET_LENGTH) }
}

/** The placeholder a secret's own value becomes, which a store may turn back into the value on replay. */
export function placeholder(secret: Secret): string {
  return `[redacted:${secret.label}]`
}

/**
 * A secret as it is most often passed on: as is, escaped inside a JSON string,
 * URL-encoded (a query parameter) and in base64 (standard and URL-safe) when
 * the value is encoded on its own. Encodings of a longer string that merely
 * contains it (`user:password` in Basic auth) are not found by value; the
 * patterns above catch the common ones by shape.
 */
function spellings(secret: Secret): Array<{ value: string; label: string }> {
  const base64 = Buffer.from(secret.value, 'utf8').toString('base64')
  const variants: Array<[string, string]> = [
    [JSON.stringify(secret.value).slice(1, -1), ''],
    [encodeURIComponent(secret.value), ' url-encoded'],
    [base64, ' base64'],
    [base64.replace(/=+$/, ''), ' base64'],
    [Buffer.from(secret.value, 'utf8').toString('base64url'), ' base64'],
  ]
  const out = [{ value: secret.value, label: placeholder(secret) }]
  for (const [value, how] of variants) {
    if (value.length >= MIN_SECRET_LENGTH && !out.some((o) => o.value === value))
      out.push({ value, label: `[redacted:${secret.label}${how}]` })
  }
  return out
}

function walk(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === 'string') return text(value)
  if (Array.isArray(value)) return value.map((v) => walk(v, text))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, text)
    return out
  }
  return value
}

/**
 * Plain JSON data with every string redacted like `deep`, but sharing every array and object that holds nothing
 * to redact: only the path to a changed string is copied, and data without any comes back as it was. For data
 * its caller built for the purpose and only reads afterwards (the report's leaderboard, whole copies of which
 * the main process would otherwise hold while it writes the reports).
 */
export function redactShared<T>(value: T, text: (s: string) => string): T {
  return shared(value, text) as T
}

function shared(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === 'string') return text(value)
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const redacted = shared(value[i], text)
      if (redacted !== value[i]) (out ??= value.slice())[i] = redacted
    }
    return out ?? value
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined
    const record = value as Record<string, unknown>
    // Keys, not entries: a [key, value] pair per field of every record would be most of what this allocates.
    for (const k of Object.keys(record)) {
      const v = record[k]
      const redacted = shared(v, text)
      if (redacted !== v) (out ??= { ...record })[k] = redacted
    }
    return out ?? value
  }
  return value
}

const VARIABLE = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g

/** Every variable a piece of config refers to as `${VAR}`, with its current value. */
export function referencedSecrets(config: unknown, env: NodeJS.ProcessEnv): Secret[] {
  const names = new Set([...JSON.stringify(config ?? null).matchAll(VARIABLE)].map((m) => m[1]!))
  names.delete('TASK_DIR')
  return [...names].flatMap((name) => (env[name] ? [{ value: env[name]!, label: name }] : []))
}

/** The API key variables the harness itself reads, plus any the agents name. */
export function keySecrets(env: NodeJS.ProcessEnv, extraNames: readonly string[] = []): Secret[] {
  const names = ['OPENAI_API_KEY', 'MCP_BENCH_JUDGE_API_KEY', ...extraNames]
  const values = names.flatMap((name) => (env[name] ? [{ value: env[name]!, label: name }] : []))
  const headers = env.MCP_BENCH_JUDGE_HEADERS
  if (headers) {
    try {
      for (const [name, value] of Object.entries(JSON.parse(headers) as Record<string, string>))
        values.push({ value: String(value), label: `judge header ${name}` })
    } catch {
      values.push({ value: headers, label: 'MCP_BENCH_JUDGE_HEADERS' })
    }
  }
  return values
}
