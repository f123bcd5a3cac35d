#!/usr/bin/env node
// `npm run build` (and so `npm pack`): compiles the library, its reporters and the fixture servers into dist/,
// then copies each fixture's data/*.json beside its compiled server, where it reads them from
// (`new URL('./data/…', import.meta.url)`). dist/ is removed first so no stale module ships.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
rmSync(dist, { recursive: true, force: true })

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })

const servers = join(root, 'fixtures', 'servers')
let copied = 0
for (const slug of readdirSync(servers)) {
  const data = join(servers, slug, 'data')
  if (!existsSync(data)) continue
  const target = join(dist, 'fixtures', 'servers', slug, 'data')
  cpSync(data, target, { recursive: true, filter: (source) => !source.endsWith('.ts') })
  copied++
}
console.log(`build: dist/ compiled; data of ${copied} fixture servers copied`)
