import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createVitest } from 'vitest/node'
import { countPlannedTasks } from '../../../src/node/task-count.ts'

/**
 * Run by test/node/task-count.integration.test.ts in a child process: the pre-count of a project where
 * `vitest-mcp-bench` is an installed package (under node_modules, so Vite externalizes it, as in a user's project)
 * whose entry is not even JavaScript. The count must give the files' tasks all the same: it never loads the
 * package's entry, nor has Vite transform it (the real one is the workers' bundle), only its counting stand-in
 * (src/node/counting-runner.ts). Prints `{ file: count }` as JSON.
 */
// Inside this repository (git-ignored), so the config and Vitest resolve from its node_modules.
const root = mkdtempSync(join(import.meta.dirname, 'installed-'))
try {
  // A package of its own: without it, the name would resolve to this repository's own package (self-reference).
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'count-installed-probe', private: true, type: 'module' }))
  const pkg = join(root, 'node_modules', 'vitest-mcp-bench')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'vitest-mcp-bench', type: 'module', exports: { '.': './index.js', './plugin': './plugin.js' } }),
  )
  // Vite's transform fails on it, and its evaluation would too.
  writeFileSync(join(pkg, 'index.js'), "throw new Error('the harness was loaded to count tasks') +\n")
  writeFileSync(
    join(pkg, 'plugin.js'),
    `export { mcpBench } from ${JSON.stringify(resolve(import.meta.dirname, '../../../src/plugin.ts'))}\n`,
  )
  for (const file of ['loop.test.ts', 'shared.test.ts', 'shared-tasks.ts', 'json.test.ts', 'tasks.json'])
    cpSync(join(import.meta.dirname, 'benchmarks', file), join(root, 'benchmarks', file))
  writeFileSync(
    join(root, 'vitest.config.ts'),
    `import { mcpBench } from ${JSON.stringify(resolve(import.meta.dirname, '../../../src/plugin.ts'))}
export default {
  plugins: [mcpBench({ servers: { math: { command: 'node', args: ['-e', ''] } }, agent: 'reference', reporters: false, progress: false })],
  test: { include: ['benchmarks/**/*.test.ts'] },
}
`,
  )
  const vitest = await createVitest('test', { root, watch: false })
  try {
    const counts = await countPlannedTasks(await vitest.globTestSpecifications(), {}, 100_000)
    const name = (id: string) => id.slice(id.lastIndexOf('/') + 1)
    const counted = Object.fromEntries(
      [...counts].map(([s, c]) => [name(s.moduleId), 'unknown' in c ? c.unknown : Object.fromEntries(c.perAgent)]),
    )
    process.stdout.write(`${JSON.stringify(counted)}\n`)
  } finally {
    await vitest.close()
  }
} finally {
  rmSync(root, { recursive: true, force: true })
}
