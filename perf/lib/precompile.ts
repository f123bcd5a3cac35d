/**
 * A throwaway JavaScript build of the fixture servers, for measuring what a
 * precompiled stdio start costs before the package ships one: every .ts file
 * under fixtures/servers (and the src/ modules they import) transpiled one to
 * one with TypeScript's transpileModule (no type check, no bundling; relative
 * `.ts` imports rewritten to `.js`), data files copied beside them, and a `node_modules`
 * link so packages resolve as they do from the repository.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/** Builds into a fresh temporary directory and returns it; `<dir>/fixtures/servers/<name>/main.js` is each stdio entry. */
export function precompileFixtures(root: string): string {
  const out = transpileTree(root, ['fixtures/servers', 'src'])
  for (const file of listFiles(resolve(root, 'fixtures/servers'))) if (!file.endsWith('.ts')) cpSync(file, join(out, relative(root, file)))
  return out
}

/** Every .ts file under `dirs` (relative to `root`) as .js in a fresh temporary directory, same layout, packages linked. */
export function transpileTree(root: string, dirs: string[]): string {
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-js-'))
  symlinkSync(resolve(root, 'node_modules'), join(out, 'node_modules'), 'dir')
  for (const dir of dirs)
    transpileFiles(
      root,
      listFiles(resolve(root, dir)).filter((f) => f.endsWith('.ts')),
      out,
    )
  return out
}

/** `files` (absolute, under `root`) as .js under `out`, same layout relative to `root`. */
export function transpileFiles(root: string, files: string[], out: string): void {
  for (const file of files) {
    const target = join(out, relative(root, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(target), { recursive: true })
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        rewriteRelativeImportExtensions: true,
        verbatimModuleSyntax: false,
      },
    })
    writeFileSync(target, outputText)
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}
