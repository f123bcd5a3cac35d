import { TaskSpecSchema } from 'vitest-mcp-bench'
import { addTasks } from './shared-tasks.ts'

// What the count's import saw of the package: its counting namespace, not the harness (src/node/counting-runner.ts).
;(globalThis as { taskCountSaw?: string }).taskCountSaw ??= typeof TaskSpecSchema
addTasks('shared', [4, 5])
