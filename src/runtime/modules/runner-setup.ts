// Vitest setup file wired in by mcpBench(), the first: Vitest runs it for each test file, just before it imports
// the file. Setup files run through Vitest's module runner (they are never externalized), so the dynamic import
// below is the runner's own: user modules named in the config (`.ts` agents and in-process servers) load as
// test files do. And the file's shared servers start here, ahead of its tasks, as the run's server plan names
// them (src/runtime/servers/start-ahead.ts).
import { startPlannedServers } from '../servers/start-ahead.ts'
import { useRunnerImporter } from './load-module.ts'

useRunnerImporter((specifier) => import(/* @vite-ignore */ specifier))
startPlannedServers()
