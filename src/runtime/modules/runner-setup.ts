// Vitest setup file wired in by mcpBench(). Vitest runs every setup file through its module runner
// (setup files are never externalized), so the dynamic import below is the runner's own: user modules
// named in the config (`.ts` agents and in-process servers) load as test files do.
import { useRunnerImporter } from './load-module.ts'

useRunnerImporter((specifier) => import(/* @vite-ignore */ specifier))
