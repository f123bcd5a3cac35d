import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { 'vitest-mcp-bench': new URL('./src/index.ts', import.meta.url).pathname } },
        test: { name: 'unit', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
      },
    ],
  },
})
