import ts from 'typescript'

/**
 * The names each module exports, values and types alike, as TypeScript's checker sees them (a runtime
 * `import *` would miss the types, which are half of the public face).
 */
export function exportedNames(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...files], {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noResolve: false,
  })
  const checker = program.getTypeChecker()
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file)
      const symbol = source && checker.getSymbolAtLocation(source)
      return [
        file,
        symbol
          ? checker
              .getExportsOfModule(symbol)
              .map((s) => s.name)
              .sort()
          : [],
      ]
    }),
  )
}
