import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * MCP-Bench server names → this project's fixture folders (`fixtures/servers/<slug>`). The 13 listed here
 * predate the slug convention; every other MCP-Bench server's fixture folder is named by `slugOf` its
 * name (`OKX Exchange` → `okx-exchange`), so a fixture added later is found without editing this table.
 */
const FIXTURE_SERVER_NAMES: Readonly<Record<string, string>> = {
  'Math MCP': 'math',
  'Time MCP': 'time',
  'Weather Data': 'weather',
  'Unit Converter': 'unit-converter',
  'Scientific Computing': 'scientific-computing',
  'Medical Calculator': 'medical-calculator',
  'National Parks': 'national-parks',
  'Google Maps': 'google-maps',
  'Paper Search': 'paper-search',
  Wikipedia: 'wikipedia',
  Bibliomantic: 'bibliomantic',
  'NASA Data': 'nasa-data',
  'Hugging Face': 'huggingface',
}

/**
 * What a fixture needs beyond `createServer()` to behave as in this repository's mcp.servers.json:
 * a fixed clock for the servers that read the time (so runs are reproducible), the seed of the
 * bibliomantic RNG, and a fresh instance per task for the stateful tensor store.
 * test/cli/import.integration.test.ts checks this table against mcp.servers.json.
 */
export const FIXTURE_SETTINGS: Readonly<Record<string, { options?: Record<string, unknown>; isolation?: 'task' }>> = {
  time: { options: { now: '2025-06-15T12:00:00Z' } },
  'medical-calculator': { options: { now: '2025-06-15T12:00:00Z' } },
  bibliomantic: { options: { seed: 42 } },
  'scientific-computing': { isolation: 'task' },
}

/** A name as lower-case words joined by "-": `DEX Paprika` → `dex-paprika`. */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The fixture folder name this project uses (or would use) for an MCP-Bench server. */
export function fixtureSlug(name: string): string {
  return FIXTURE_SERVER_NAMES[name] ?? slugOf(name)
}

/**
 * The `fixtures/servers` directory of this package: found by walking up from this module, so it
 * works from `src/runtime/task/` in the repository and from `dist/src/task/` in an installed package.
 */
export function defaultFixturesDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'fixtures', 'servers')
    if (existsSync(candidate)) return candidate
    dir = dirname(dir)
  }
  return undefined
}

/** Whether this project has a fixture for the server: its folder exists under `fixtures/servers`. */
export function hasFixture(name: string, fixturesDir: string | undefined): boolean {
  return fixturesDir !== undefined && existsSync(join(fixturesDir, fixtureSlug(name)))
}

/** The in-process entry for a fixture, referring to the package so it works in a user's project. */
export function fixtureEntry(name: string): Record<string, unknown> {
  const slug = fixtureSlug(name)
  const settings = FIXTURE_SETTINGS[slug] ?? {}
  return {
    module: `vitest-mcp-bench/fixtures/${slug}`,
    export: 'createServer',
    options: settings.options ?? {},
    ...(settings.isolation ? { isolation: settings.isolation } : {}),
    description: `MCP-Bench "${name}": this project's offline fixture (no key, no network)`,
  }
}
