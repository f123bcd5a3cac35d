import { compileServers } from '../support/compiled-servers.ts'

/**
 * The e2e project's global setup: the stdio servers the child projects start (their mcp.servers.json files)
 * compiled once per session into node_modules/.cache/mcp-bench-test-servers, where those files name them
 * (test/support/compiled-servers.ts says why). A child project run by hand needs them there: run an e2e test first.
 */
export default async function setup(): Promise<void> {
  await compileServers({
    'probe-stdio': 'test/support/probe-stdio.ts',
    'hostile-stdio': 'test/support/hostile-stdio.ts',
    'stubborn-stdio': 'test/support/stubborn-stdio.ts',
    keyholder: 'test/e2e/faults/servers/keyholder.ts',
  })
}
