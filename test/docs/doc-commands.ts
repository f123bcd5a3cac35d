/**
 * The `npx mcp-bench …` and `npx vitest …` commands a Markdown document shows in its code blocks, as argument
 * lists, so a test can check that every subcommand and flag it tells readers to type exists.
 */

export interface DocCommand {
  /** Where it stands: the document's name and the 1-based line of the code block line it starts on. */
  where: string
  tool: 'mcp-bench' | 'vitest'
  /** The arguments after `npx <tool>`, shell quotes removed. */
  args: string[]
}

const FENCE = /^(`{3,})[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm
const INVOCATION = /\bnpx\s+(mcp-bench|vitest)\b/g
/** Unquoted characters that end a command: a pipe, a redirect, a list, a subshell's end. */
const ENDS = new Set(['|', '>', '<', ';', '&', ')'])

/** Every command of the two tools in the document's fenced code blocks (prose and inline code are left alone). */
export function documentedCommands(markdown: string, name: string): DocCommand[] {
  const commands: DocCommand[] = []
  for (const block of markdown.matchAll(FENCE)) {
    const firstLine = markdown.slice(0, block.index).split('\n').length + 1
    const lines = block[2]!.split('\n')
    for (let i = 0; i < lines.length; i++) {
      // A shell continuation joins the next line; a GitHub expression stands for one word.
      let text = lines[i]!
      const start = i
      while (/\\\s*$/.test(text) && i + 1 < lines.length) text = `${text.replace(/\\\s*$/, ' ')}${lines[++i]}`
      text = text.replace(/\$\{\{[^}]*\}\}/g, 'EXPR')
      for (const match of text.matchAll(INVOCATION)) {
        const args = shellWords(text.slice(match.index + match[0].length))
        commands.push({ where: `${name}:${firstLine + start}`, tool: match[1] as DocCommand['tool'], args })
      }
    }
  }
  return commands
}

/** The words of a shell command line up to its first unquoted operator or comment, with quotes removed. */
export function shellWords(line: string): string[] {
  const words: string[] = []
  let word: string | null = null
  let quote: string | null = null
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null
      else word += ch
      continue
    }
    if (ch === '"' || ch === "'") {
      quote = ch
      word ??= ''
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word)
      word = null
    } else if (ENDS.has(ch) || (ch === '#' && word === null)) {
      break
    } else {
      word = (word ?? '') + ch
    }
  }
  if (word !== null) words.push(word)
  return words
}

/** A command-line flag's name as written: `--shard=1/4` → `--shard`. Anything else → null. */
export function flagName(arg: string): string | null {
  const match = /^(--?[A-Za-z][\w.-]*)(=.*)?$/.exec(arg)
  return match ? match[1]! : null
}

/** Every flag name a help text lists (`--mergeReports`, `-t`), without dashes; `--no-color` also gives `color`. */
export function helpFlags(help: string): Set<string> {
  const names = new Set<string>()
  for (const match of help.matchAll(/(?:^|[\s,[])--?([A-Za-z][\w.-]*)/g)) {
    names.add(match[1]!)
    if (match[1]!.startsWith('no-')) names.add(match[1]!.slice(3))
  }
  return names
}
