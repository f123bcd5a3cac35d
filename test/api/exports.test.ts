import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { exportedNames } from './entry-exports.ts'

/**
 * The package's public face, pinned: every name each entry of package.json's `exports` gives, types included.
 * A name added or dropped here is a change of the public API: list it in docs/reference/api.md too.
 */

const MAIN = [
  'Agent',
  'AgentContext',
  'AgentFunction',
  'AgentRow',
  'AgentTool',
  'CatalogEntry',
  'DEFAULT_PRICES',
  'DEFAULT_PRICES_AS_OF',
  'Fact',
  'Leaderboard',
  'McpBenchMatchers',
  'McpBenchServers',
  'McpTaskSpec',
  'ModelPrice',
  'ModelTurn',
  'OpenAIAgentOptions',
  'PlannerAgentOptions',
  'Prices',
  'ReactAgentOptions',
  'ReferenceCall',
  'ReferenceCallInput',
  'ReferencePlan',
  'ServerName',
  'TRAJECTORY_VERSION',
  'TaskChecks',
  'TaskError',
  'TaskInfo',
  'TaskMetrics',
  'TaskOutcome',
  'TaskRecord',
  'TaskRun',
  'TaskSpec',
  'TaskSpecInput',
  'TaskSpecSchema',
  'ToolArgs',
  'ToolCallOutcome',
  'ToolCallRecord',
  'ToolName',
  'Trajectory',
  'TrajectorySchema',
  'defineAgent',
  'leaderboardJsonSchema',
  'mcpTask',
  'openaiAgent',
  'plannerAgent',
  'reactAgent',
  'referenceAgent',
]
const PLUGIN = ['AgentOption', 'BenchOptions', 'Budget', 'Gate', 'ServerConfig', 'mcpBench']
const BASELINES = ['RandomAgentOptions', 'greedyOneStepAgent', 'randomAgent']
/** `vitest-mcp-bench/fixtures/<slug>`: what a user builds on, each fixture server's factory and the options it takes; its helpers stay internal. */
const FIXTURES: Record<string, string[]> = {
  bibliomantic: ['BibliomanticOptions', 'createServer'],
  biomcp: ['BioMcpOptions', 'createServer'],
  'call-for-papers': ['CallForPapersOptions', 'createServer'],
  'car-price-evaluator': ['CarPriceOptions', 'createServer'],
  context7: ['createServer'],
  'dex-paprika': ['DexPaprikaServerOptions', 'createServer'],
  fruityvice: ['FruityViceOptions', 'createServer'],
  'game-trends': ['GameTrendsOptions', 'createServer'],
  'google-maps': ['GoogleMapsServerOptions', 'createServer'],
  'huge-icons': ['createServer'],
  huggingface: ['createServer'],
  math: ['createServer'],
  'medical-calculator': ['MedicalCalculatorOptions', 'createServer'],
  'metropolitan-museum': ['createServer'],
  'movie-recommender': ['MovieRecommenderOptions', 'createServer'],
  'nasa-data': ['NasaOptions', 'createServer'],
  'national-parks': ['createServer'],
  nixos: ['createServer'],
  'okx-exchange': ['OkxServerOptions', 'createServer'],
  'openapi-explorer': ['createServer'],
  'osint-intelligence': ['OsintOptions', 'createServer'],
  'paper-search': ['createServer'],
  reddit: ['createServer'],
  'scientific-computing': ['createServer'],
  time: ['TimeServerOptions', 'createServer'],
  'unit-converter': ['createServer'],
  weather: ['WeatherServerOptions', 'createServer'],
  wikipedia: ['createServer'],
}

const servers = readdirSync('fixtures/servers')
  .filter((slug) => existsSync(`fixtures/servers/${slug}/index.ts`))
  .sort()
const names = exportedNames([
  'src/index.ts',
  'src/plugin.ts',
  'src/baselines.ts',
  ...servers.map((slug) => `fixtures/servers/${slug}/index.ts`),
])

describe('the package entries export exactly the pinned names', () => {
  it('package.json maps each entry to the source file pinned here', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, { default?: string } | string> }
    const targets = Object.fromEntries(
      Object.entries(pkg.exports).map(([key, value]) => [key, typeof value === 'string' ? value : value.default]),
    )
    expect(targets).toEqual({
      '.': './dist/src/index.js',
      './plugin': './dist/src/plugin.js',
      './baselines': './dist/src/baselines.js',
      './fixtures/*': './dist/fixtures/servers/*/index.js',
      './package.json': './package.json',
      './leaderboard.schema.json': './leaderboard.schema.json',
    })
  })

  it('vitest-mcp-bench', () => expect(names.get('src/index.ts')).toEqual(MAIN))
  it('vitest-mcp-bench/plugin', () => expect(names.get('src/plugin.ts')).toEqual(PLUGIN))
  it('vitest-mcp-bench/baselines', () => expect(names.get('src/baselines.ts')).toEqual(BASELINES))
  it('vitest-mcp-bench/fixtures/*', () => {
    expect(servers).toEqual(Object.keys(FIXTURES))
    for (const slug of servers) expect([slug, names.get(`fixtures/servers/${slug}/index.ts`)]).toEqual([slug, FIXTURES[slug]])
    for (const slug of servers) expect(FIXTURES[slug]).toContain('createServer')
  })
})
