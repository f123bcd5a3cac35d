import { resolve } from 'node:path'
import { DEFAULT_CACHE_DIR } from '../../judge/config.ts'
import { cassetteFromEnv } from '../../exchange-store.ts'
import type { RuntimeSettings } from '../../../contracts/settings.ts'
import type { RefereePaths } from './read-access.ts'

/** Where this run keeps what agent code must not read, from the settings the worker was given. */
export function refereePaths(settings: RuntimeSettings): RefereePaths {
  const { root } = settings
  const judge = settings.judge
  const cache = typeof judge === 'object' && judge && typeof judge.cache === 'string' ? [resolve(process.cwd(), judge.cache)] : []
  const denied = [
    resolve(root, settings.outputDir ?? 'bench-results'),
    ...(settings.historyDir ? [settings.historyDir] : []),
    // The judge cache resolves against the working directory; the root's default is denied as well.
    resolve(process.cwd(), DEFAULT_CACHE_DIR, '..'),
    resolve(root, DEFAULT_CACHE_DIR, '..'),
    ...cache,
    cassettes(root),
  ]
  return { root, denied: [...new Set(denied)] }
}

function cassettes(root: string): string {
  try {
    return cassetteFromEnv(root).dir
  } catch {
    return resolve(root, '.mcp-bench-cassettes') // a bad MCP_BENCH_CASSETTE fails the model agents, not this
  }
}
