import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { exportedNames } from './entry-exports.ts'

/**
 * The package's public face, pinned: every name each entry of package.json's `exports` gives, types included.
 * A name added or dropped here is a change of the public API: list it in docs/reference/api.md too.
 */

const MAIN = [
  'Agent', 'AgentContext', 'AgentFunction', 'AgentRow', 'AgentTool', 'CatalogEntry', 'DEFAULT_PRICES', 'DEFAULT_PRICES_AS_OF',
  'Fact', 'Leaderboard', 'McpBenchMatchers', 'McpBenchServers', 'McpTaskSpec', 'ModelPrice', 'ModelTurn', 'OpenAIAgentOptions',
  'PlannerAgentOptions', 'Prices', 'ReactAgentOptions', 'ReferenceCall', 'ReferenceCallInput', 'ReferencePlan', 'ServerName',
  'TRAJECTORY_VERSION', 'TaskChecks', 'TaskError', 'TaskInfo', 'TaskMetrics', 'TaskOutcome', 'TaskRecord', 'TaskRun', 'TaskSpec', 'TaskSpecInput',
  'TaskSpecSchema', 'ToolArgs', 'ToolCallOutcome', 'ToolCallRecord', 'ToolName', 'Trajectory', 'TrajectorySchema', 'defineAgent',
  'leaderboardJsonSchema', 'mcpTask', 'openaiAgent', 'plannerAgent', 'reactAgent', 'referenceAgent',
]
const PLUGIN = ['AgentOption', 'BenchOptions', 'Gate', 'ServerConfig', 'mcpBench']
const BASELINES = ['RandomAgentOptions', 'greedyOneStepAgent', 'randomAgent']
/** `vitest-mcp-bench/fixtures/<slug>`: each fixture server's entry. `createServer` is the contract; the rest are its helpers. */
const FIXTURES: Record<string, string[]> = {
  'bibliomantic': ['BibliomanticOptions', 'Hexagram', 'Reading', 'castReading', 'createServer', 'hexagramNumber', 'inferContext', 'loadIChingData', 'trigramsOf'],
  'biomcp': ['BioMcpOptions', 'createServer'],
  'call-for-papers': ['CallForPapersOptions', 'EventRecord', 'EventsData', 'EventsDataSchema', 'createServer', 'loadEvents', 'matchesKeywords', 'wikicfpDate'],
  'car-price-evaluator': ['CarBrand', 'CarPriceOptions', 'FipeData', 'FipeDataSchema', 'brl', 'createServer', 'loadFipe', 'pythonTitle'],
  'context7': ['createServer'],
  'dex-paprika': ['DexPaprikaServerOptions', 'createServer', 'parseTime'],
  'fruityvice': ['Fruit', 'FruitData', 'FruitDataSchema', 'FruityViceOptions', 'createServer', 'loadFruits'],
  'game-trends': ['DEFAULT_NOW', 'GameTrendsOptions', 'GamesData', 'GamesDataSchema', 'SOURCES', 'Source', 'createServer', 'loadGames'],
  'google-maps': ['GoogleMapsServerOptions', 'MAPS_ERRORS', 'MapsData', 'Place', 'createServer', 'distanceText', 'durationText', 'loadMapsData'],
  'huge-icons': ['createServer', 'loadIcons'],
  'huggingface': ['Hub', 'createServer', 'loadHub'],
  'math': ['createServer', 'describeMode'],
  'medical-calculator': ['MedicalCalculatorOptions', 'createServer'],
  'metropolitan-museum': ['createServer'],
  'movie-recommender': ['Movie', 'MovieRecommenderOptions', 'MoviesData', 'MoviesDataSchema', 'NOT_FOUND', 'createServer', 'loadMovies', 'searchMovies'],
  'nasa-data': ['DEFAULT_TODAY', 'NasaData', 'NasaOptions', 'createServer', 'loadData', 'parseWhere'],
  'national-parks': ['Park', 'ParksData', 'STATE_CODES', 'createServer', 'loadParksData'],
  'nixos': ['createServer', 'rankPackages'],
  'okx-exchange': ['OkxServerOptions', 'createServer'],
  'openapi-explorer': ['createServer'],
  'osint-intelligence': ['DEFAULT_NOW', 'OsintOptions', 'createServer'],
  'paper-search': ['Corpus', 'createServer', 'fullText', 'loadPapers', 'loadTopicPapers', 'score', 'toDict', 'tokens', 'urls'],
  'reddit': ['createServer', 'slug'],
  'scientific-computing': ['createServer'],
  'time': ['DEFAULT_NOW', 'TimeResult', 'TimeServerOptions', 'convertTime', 'createServer', 'currentTime', 'formatHourDifference', 'isDst', 'isValidZone', 'offsetMinutes', 'parseHHMM', 'resolveWall'],
  'unit-converter': ['createServer', 'pythonJson'],
  'weather': ['City', 'CurrentConditions', 'ForecastDay', 'WeatherServerOptions', 'createServer', 'loadWeatherData', 'normalize', 'weatherApiUrl'],
  'wikipedia': ['Article', 'Section', 'Wiki', 'articleText', 'createServer', 'loadArticles', 'pageText', 'splitSentences', 'urlOf'],
}

const servers = readdirSync('fixtures/servers').filter((slug) => existsSync(`fixtures/servers/${slug}/server.ts`)).sort()
const names = exportedNames(['src/index.ts', 'src/plugin.ts', 'src/baselines.ts', ...servers.map((slug) => `fixtures/servers/${slug}/server.ts`)])

describe('the package entries export exactly the pinned names', () => {
  it('package.json maps each entry to the source file pinned here', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, { default?: string } | string> }
    const targets = Object.fromEntries(Object.entries(pkg.exports).map(([key, value]) => [key, typeof value === 'string' ? value : value.default]))
    expect(targets).toEqual({
      '.': './dist/src/index.js',
      './plugin': './dist/src/plugin.js',
      './baselines': './dist/src/baselines.js',
      './fixtures/*': './dist/fixtures/servers/*/server.js',
      './package.json': './package.json',
      './leaderboard.schema.json': './leaderboard.schema.json',
    })
  })

  it('vitest-mcp-bench', () => expect(names.get('src/index.ts')).toEqual(MAIN))
  it('vitest-mcp-bench/plugin', () => expect(names.get('src/plugin.ts')).toEqual(PLUGIN))
  it('vitest-mcp-bench/baselines', () => expect(names.get('src/baselines.ts')).toEqual(BASELINES))
  it('vitest-mcp-bench/fixtures/*', () => {
    expect(servers).toEqual(Object.keys(FIXTURES))
    for (const slug of servers) expect([slug, names.get(`fixtures/servers/${slug}/server.ts`)]).toEqual([slug, FIXTURES[slug]])
    for (const slug of servers) expect(FIXTURES[slug]).toContain('createServer')
  })
})
