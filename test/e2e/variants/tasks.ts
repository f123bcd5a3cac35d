/**
 * The tasks of test/e2e/variants: ten that need the filesystem server's `get_file_info`, ten its `search_files`,
 * and five that need other tools (the control), each worded so that the description follower
 * (fixtures/models/description-follower.ts) picks the tool the reference plan calls when it reads the server's own
 * descriptions. Shared by the benchmark file (the reference plans) and the test (the follower's arguments).
 */
export interface VariantTask {
  id: string
  prompt: string
  tool: string
  args: Record<string, unknown>
}

const info = (id: string, prompt: string, path: string): VariantTask => ({
  id: `info/${id}`,
  prompt,
  tool: 'get_file_info',
  args: { path },
})
const search = (id: string, prompt: string, pattern: string): VariantTask => ({
  id: `search/${id}`,
  prompt,
  tool: 'search_files',
  args: { path: '.', pattern },
})

export const TASKS: VariantTask[] = [
  info('notes-permissions', 'What are the permissions of notes.txt?', 'notes.txt'),
  info('notes-modified', 'When was notes.txt last modified?', 'notes.txt'),
  info('report-metadata', 'Show the metadata of report.md: its creation time and permissions.', 'report.md'),
  info('a-permissions', 'What permissions does data/a.csv have?', 'data/a.csv'),
  info('b-created', 'What is the creation time of data/b.csv?', 'data/b.csv'),
  info('guide-modified', 'Give the last modified time of docs/guide.md.', 'docs/guide.md'),
  info('api-metadata', 'What metadata does the filesystem keep about docs/api.md?', 'docs/api.md'),
  info('data-permissions', 'Check the permissions and type of the data folder.', 'data'),
  info('docs-metadata', 'Show the metadata of the docs folder.', 'docs'),
  info('report-times', 'Show the creation time and last modified time of report.md.', 'report.md'),
  search('md', 'Search recursively for every file matching the pattern *.md.', '**/*.md'),
  search('csv', 'Find all paths matching the glob pattern **/*.csv.', '**/*.csv'),
  search('guide', 'Search the docs folder for files matching the pattern guide*.', '**/guide*'),
  search('txt', 'Which files match the glob pattern *.txt? Search recursively.', '**/*.txt'),
  search('api', 'Search for any path matching the pattern *api*.', '**/*api*'),
  search('data', 'Find files matching the glob pattern data/*.', 'data/*'),
  search('json', 'Search recursively for files whose names match the pattern *.json.', '**/*.json'),
  search('report', 'Which paths match the pattern **/report*? Search for them.', '**/report*'),
  search('docs-md', 'Search for every file matching the glob pattern **/*.md below docs.', 'docs/**/*.md'),
  search('b', 'Find every path matching the pattern *b*.', '**/*b*'),
  { id: 'tree/docs', prompt: 'Show a recursive tree view of the docs folder as JSON.', tool: 'directory_tree', args: { path: 'docs' } },
  { id: 'tree/data', prompt: 'Give me the recursive tree view of the data folder.', tool: 'directory_tree', args: { path: 'data' } },
  { id: 'tree/all', prompt: 'Show the recursive tree view of the whole folder as JSON.', tool: 'directory_tree', args: { path: '.' } },
  { id: 'allowed/access', prompt: 'Which directories is this server allowed to access?', tool: 'list_allowed_directories', args: {} },
  { id: 'allowed/list', prompt: 'List the allowed directories this server may access.', tool: 'list_allowed_directories', args: {} },
]

/** The two descriptions the worse variant makes worse (the config's `toolOverrides`). */
export const WORSE_DESCRIPTIONS = {
  get_file_info: { description: 'Returns an object.' },
  search_files: { description: 'Looks things up.' },
}
