/** Renders MCP content items as text a model (or a person) can read. */
export function contentToText(content: unknown[]): string {
  return content.map((item) => {
    const c = item as { type?: string; text?: string; mimeType?: string; data?: string; resource?: { uri?: string; text?: string }; uri?: string; name?: string }
    switch (c.type) {
      case 'text': return c.text ?? ''
      case 'image':
      case 'audio': return `[${c.type}: ${c.mimeType ?? 'unknown type'}, ${Math.round(((c.data?.length ?? 0) * 3) / 4)} bytes]`
      case 'resource': return c.resource?.text ?? `[resource: ${c.resource?.uri ?? 'unknown'}]`
      case 'resource_link': return `[resource link: ${c.name ?? ''} ${c.uri ?? ''}]`.trim()
      default: return JSON.stringify(item)
    }
  }).join('\n')
}

/** Cuts text to `max` characters and says so, so a reader knows output was lost. */
export function truncate(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false }
  return { text: `${text.slice(0, max)}\n…[truncated: ${text.length - max} of ${text.length} characters omitted]`, truncated: true }
}

/** Content items with every text cut to `max` characters (for recording). */
export function truncateContent(content: unknown[], max: number): { content: unknown[]; truncated: boolean } {
  let truncated = false
  const out = content.map((item) => {
    const c = item as { type?: string; text?: string; data?: string }
    if (c.type === 'text' && typeof c.text === 'string') {
      const cut = truncate(c.text, max)
      truncated ||= cut.truncated
      return { ...c, text: cut.text }
    }
    if (typeof c.data === 'string' && c.data.length > max) {
      truncated = true
      return { ...c, data: `[${c.data.length} base64 characters omitted]` }
    }
    return item
  })
  return { content: out, truncated }
}
