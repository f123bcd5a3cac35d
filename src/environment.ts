import type { Environment } from 'vitest/environments'
import { setRuntime, type RuntimeSettings } from './runtime.ts'
import { ServerHub } from './servers/hub.ts'

/**
 * The Vitest environment for benchmark files. It owns the file's servers:
 * they start on first use by a task and all stop at teardown, whatever
 * happened in between.
 */
export default {
  name: 'mcp-bench',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const settings = (options as { mcpBench?: RuntimeSettings }).mcpBench
    if (!settings) {
      throw new Error('vitest-mcp-bench: environment options are missing; add mcpBench() to the plugins of this Vitest project')
    }
    const hub = new ServerHub({ ...settings.servers, root: settings.root })
    setRuntime(global, { settings, hub })
    return {
      async teardown() {
        await hub.close()
        setRuntime(global, undefined)
      },
    }
  },
} satisfies Environment
