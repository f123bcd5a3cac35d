// The project's lint rules: eslint's and typescript-eslint's recommended sets, plus the few conventions
// this codebase keeps on purpose. Type-aware rules are left out: `tsc --noEmit` already runs in CI, and
// the type-aware pass would double the lint time on a small machine for little more.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'bench-results/',
      '.mcp-bench-cache/',
      '.mcp-bench-cassettes/',
      'test/e2e/watch-*/',
      'test/e2e/task-count/installed-*/',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        fetch: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        globalThis: 'readonly',
        DOMException: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      // Control characters in patterns are the point where they appear: terminal codes are stripped from text.
      'no-control-regex': 'off',
      // `_`-prefixed names are unused on purpose (a callback's position, a destructured field left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // Under Bun, Vitest's module runner loses zod's named `z` export (it arrives undefined), so every file
      // imports the namespace instead: `import * as z from 'zod'`.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "import zod as a namespace (`import * as z from 'zod'`): under Bun, Vitest's module runner loses the named `z` export",
        },
      ],
    },
  },
  {
    // Tests, perf loops and fixture servers read untyped JSON field by field; typing every probe adds noise, not safety.
    files: ['test/**', 'perf/**', 'fixtures/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A peer harness's contender file: its package lives only in perf/bar.ts's scratch project, so tsc cannot see it here.
    files: ['perf/bar/evals.test.ts'],
    rules: { '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }] },
  },
)
