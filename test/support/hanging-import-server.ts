/**
 * An in-process server module whose import never finishes: a top-level await on something that never comes
 * (a connection that never opens, a lock never released). The export is never reached.
 */
await new Promise(() => {})

export function createServer(): never {
  throw new Error('unreachable: the import never finished')
}
