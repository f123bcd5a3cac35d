import { mcpTask } from 'vitest-mcp-bench'

// Workspace tasks whose tool results name the task's directory: where it is, and what is not in it.
const files = { 'notes/trip.txt': 'Day 1: Denver\nDay 2: Estes Park\n', 'todo.md': '- [ ] pack\n- [x] book\n' }

mcpTask('ws/where-am-i', {
  servers: ['filesystem'],
  files,
  prompt: 'List the directories the filesystem tools may use, then list the notes folder in it, and say where the trip notes are.',
  reference: {
    calls: [
      { id: 'dirs', tool: 'filesystem.list_allowed_directories', args: {} },
      { id: 'notes', tool: 'filesystem.list_directory', args: { path: 'notes' }, after: ['dirs'] },
    ],
    answer: 'The trip notes are in notes/trip.txt.',
    facts: ['trip.txt'],
  },
})

mcpTask('ws/missing-file', {
  servers: ['filesystem'],
  files,
  prompt: 'Read plan.md and todo.md from the workspace at once, and say which of them exists and what is still open.',
  reference: {
    calls: [
      { id: 'plan', tool: 'filesystem.read_text_file', args: { path: 'plan.md' } },
      { id: 'todo', tool: 'filesystem.read_text_file', args: { path: 'todo.md' } },
    ],
    answer: 'plan.md does not exist; todo.md does, and packing is still open.',
    facts: ['pack'],
  },
})

mcpTask('ws/outside', {
  servers: ['filesystem'],
  files,
  prompt: 'Try to read ../secrets.txt next to the workspace, and report what the filesystem tools say.',
  reference: {
    calls: [{ id: 'read', tool: 'filesystem.read_text_file', args: { path: '../secrets.txt' } }],
    answer: 'Access to ../secrets.txt is denied: it is outside the allowed directory.',
    facts: ['denied'],
  },
})

mcpTask('ws/absolute-paths', {
  servers: ['filesystem'],
  files,
  prompt: 'Search the workspace for text files, then read the trip notes by the path the search gives, and report the last day.',
  reference: {
    calls: [
      { id: 'search', tool: 'filesystem.search_files', args: { path: '.', pattern: '**/*.txt' } },
      { id: 'read', tool: 'filesystem.read_text_file', args: { path: '/workspace/notes/trip.txt' }, after: ['search'] },
    ],
    answer: 'The last day is Day 2: Estes Park.',
    facts: ['Estes Park'],
  },
})
