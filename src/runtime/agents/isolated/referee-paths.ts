import { resolve } from 'node:path'
// From the options' contract, not the judge's code: the worker loads that only when a run has a judge.
import { DEFAULT_JUDGE_CACHE_DIR } from '../../../contracts/judge-options.ts'
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
    resolve(process.cwd(), DEFAULT_JUDGE_CACHE_DIR, '..'),
    resolve(root, DEFAULT_JUDGE_CACHE_DIR, '..'),
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
