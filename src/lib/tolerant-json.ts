/**
 * Reading JSON out of model replies: fenced or bare, with prose around it,
 * trailing commas and stray comments repaired. Used by the judge and the planner agent.
 */

/** Every JSON object that can be recovered from the text, outermost first, in order of appearance. */
export function extractJsonObjects(text: string): Record<string, unknown>[] {
  const sources: string[] = []
  const fenced = /```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)```/g
  for (let m = fenced.exec(text); m; m = fenced.exec(text)) sources.push(m[1]!)
  sources.push(text)
  const out: Record<string, unknown>[] = []
  const seen = new Set<string>()
  for (const source of sources) {
    for (const candidate of balancedObjects(source)) {
      if (seen.has(candidate)) continue
      seen.add(candidate)
      const value = tryParse(candidate)
      if (value && typeof value === 'object' && !Array.isArray(value)) out.push(value as Record<string, unknown>)
    }
  }
  return out
}

function tryParse(candidate: string): unknown {
  try {
    return JSON.parse(candidate)
  } catch {
    // Trailing commas and stray line comments are the usual faults.
    const repaired = stripOutsideStrings(candidate)
    try {
      return JSON.parse(repaired)
    } catch {
      return undefined
    }
  }
}

/** Removes `// …` comments and commas before a closing bracket, leaving string contents alone. */
function stripOutsideStrings(text: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (inString) {
      out += ch
      if (ch === '\\') {
        out += text[i + 1] ?? ''
        i++
      } else if (ch === '"') inString = false
      continue
    }
    if (ch === '"') {
      inString = true
      out += ch
      continue
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++
      out += '\n'
      continue
    }
    if (ch === ',') {
      let j = i + 1
      while (j < text.length && /\s/.test(text[j]!)) j++
      if (text[j] === '}' || text[j] === ']') continue
    }
    out += ch
  }
  return out
}

/** Top-level balanced `{…}` spans, string-aware. */
function balancedObjects(text: string): string[] {
  const spans: string[] = []
  let depth = 0
  let start = -1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
      continue
    }
    if (ch === '"' && depth > 0) inString = true
    else if (ch === '{') {
      if (depth === 0) start = i
      depth++
    } else if (ch === '}' && depth > 0) {
      depth--
      if (depth === 0) spans.push(text.slice(start, i + 1))
    }
  }
  return spans
}
