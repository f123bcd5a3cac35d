#!/usr/bin/env node
// Runs the compiled CLI from dist/. In a checkout of this repository that was never built, it falls back to the
// TypeScript sources through tsx (a dev dependency), so contributors need no build step; an installed package
// always has dist/ and never needs tsx.
import { existsSync } from 'node:fs'

const built = new URL('../dist/src/cli/main.js', import.meta.url)
let main
if (existsSync(built)) {
  ;({ main } = await import(built.href))
} else {
  try {
    const { register } = await import('tsx/esm/api')
    register()
  } catch {
    console.error('mcp-bench: dist/ is missing; run `npm run build` first')
    process.exit(1)
  }
  ;({ main } = await import('../src/cli/main.ts'))
}
process.exitCode = await main(process.argv.slice(2))
