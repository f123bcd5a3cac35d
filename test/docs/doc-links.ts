/**
 * The links, headings and file paths of a Markdown document, so a test can check that every relative link leads
 * to a file that exists and every `#anchor` to a heading that exists, as GitHub renders them.
 */

export interface DocLink {
  /** Where it stands: the document's name and the 1-based line. */
  where: string
  /** The link target as written: `guide/agents.md#baselines`, `#quick-start`. */
  target: string
}

const FENCE_LINE = /^\s*(`{3,}|~{3,})/

/** The document's lines with fenced code blocks blanked (line numbers kept), so code is never read as Markdown. */
export function proseLines(markdown: string): string[] {
  const lines = markdown.split('\n')
  let fence: string | null = null
  return lines.map((line) => {
    const open = FENCE_LINE.exec(line)
    if (fence) {
      if (open && open[1]!.startsWith(fence) && line.trim() === open[1]) fence = null
      return ''
    }
    if (open) {
      fence = open[1]!
      return ''
    }
    return line
  })
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor a document offers: its headings (a repeated one gets `-1`, `-2`, …) and explicit `<a id="…">`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      const base = slug(heading[1]!)
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      anchors.add(n === 0 ? base : `${base}-${n}`)
    }
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(a[1]!)
  }
  return anchors
}

/** Every link of the document's prose (inline `[text](target)`, images, reference definitions), code spans left out. */
export function linksOf(markdown: string, name: string): DocLink[] {
  const links: DocLink[] = []
  proseLines(markdown).forEach((line, i) => {
    const prose = line.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length))
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ where: `${name}:${i + 1}`, target: m[1]! })
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)
    if (definition) links.push({ where: `${name}:${i + 1}`, target: definition[1]! })
  })
  return links
}

/** True for a link that leaves the repository (a URL with a scheme, or protocol-relative). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')
}

/**
 * The repository paths a document cites (`test/e2e/integrity.test.ts`, `node --import tsx perf/aggregate.ts`),
 * each to be checked for existence. A path with a placeholder (`<slug>`, `*`, `…`, `${VAR}`) is a pattern, not a
 * file, and is left out; a trailing full stop or comma is the sentence's.
 */
export function citedPaths(markdown: string, roots: readonly string[]): string[] {
  const paths = new Set<string>()
  const pattern = new RegExp(`(?<![\\w./@-])(?:${roots.join('|')})/[^\\s\`'"()\\[\\],;:|#]*`, 'g')
  for (const m of markdown.matchAll(pattern)) {
    if (/[<>*…{}$]/.test(m[0])) continue
    paths.add(m[0].replace(/[.,]+$/, ''))
  }
  return [...paths]
}
