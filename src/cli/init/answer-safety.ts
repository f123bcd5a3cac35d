import { createRedactor, keySecrets, referencedSecrets, MIN_SECRET_LENGTH, type Secret } from '../../lib/redact.ts'
import type { ServerConfig } from '../../contracts/server-config.ts'

/** An environment variable's name that says its value is a credential. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASS(WORD|WD)?|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|DSN|CONN(ECTION)?_?STR)/i
/** `NAME=value` or `"NAME": "value"` with an upper-case variable-like name: how an environment dump reads. */
const ENV_PAIR = /(?:^|[\s{,"'])([A-Z][A-Z0-9]*_[A-Z0-9_]+)["']?\s*[:=]\s*\S/gm

/**
 * Why a tool's answer may not become the example task's reference answer, or undefined when it may. The
 * answer is written into a task file that is meant to be committed, so nothing secret may be in it: not a value
 * of a secret this process knows (the server entry's `${VAR}`s, the API key variables, any variable whose name
 * says it is a credential), not anything the project's redactor recognises by shape (`sk-…`, `Bearer …`,
 * `password=…`), and nothing that reads like environment variables (two or more `UPPER_NAME=value` pairs):
 * those may be another machine's secrets (an HTTP server's), which no list here holds.
 */
export function unsafeAnswer(text: string, config: ServerConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pairs = new Set([...text.matchAll(ENV_PAIR)].map((m) => m[1]!))
  if (pairs.size >= 2)
    return `its answer reads like environment variables (${[...pairs].slice(0, 3).join(', ')}${pairs.size > 3 ? ', …' : ''}), not used`
  const redactor = createRedactor([...referencedSecrets(config, env), ...keySecrets(env), ...namedSecrets(env), ...literalSecrets(config)])
  if (redactor.text(text) !== text) return 'its answer holds what looks like a secret, not used'
  return undefined
}

/** Every variable of this process whose name says it holds a credential. */
function namedSecrets(env: NodeJS.ProcessEnv): Secret[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name) ? [{ value, label: name }] : [],
  )
}

/** Values written into the server entry itself (its env and headers): a server echoing them back gives away the entry's secrets. */
function literalSecrets(config: ServerConfig): Secret[] {
  const values = 'env' in config ? config.env : 'headers' in config ? config.headers : {}
  return Object.entries(values ?? {}).flatMap(([name, value]) =>
    SECRET_NAME.test(name) && !value.includes('${') ? [{ value, label: name }] : [],
  )
}
