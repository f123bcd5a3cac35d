import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules') return []
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

// Under Bun, Vitest's module runner loses zod's named `z` export (it arrives
// undefined), so every file imports the namespace instead.
it('imports zod as a namespace everywhere, so the code runs under Bun', () => {
  const offenders = ['src', 'reporters', 'fixtures', 'test', 'benchmarks', 'perf']
    .flatMap(sources)
    .filter((file) => /import\s*\{\s*z\s*\}\s*from\s*['"]zod['"]/.test(readFileSync(file, 'utf8')))
  expect(offenders).toEqual([])
})
