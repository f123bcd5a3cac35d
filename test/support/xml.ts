import { spawnSync } from 'node:child_process'

/** An XML element as plain data. */
export interface XmlElement {
  tag: string
  attrs: Record<string, string>
  text: string
  children: XmlElement[]
}

// Python's ElementTree (expat underneath) is a conforming XML parser: it rejects what is not well-formed,
// names the line and column, and decodes entities. Node has none built in, and python3 is on every
// machine this project runs on.
const PARSE = `
import json, sys
import xml.etree.ElementTree as ET
def walk(e):
    return {"tag": e.tag, "attrs": dict(e.attrib), "text": e.text or "", "children": [walk(c) for c in e]}
try:
    root = ET.fromstring(sys.stdin.buffer.read())
except ET.ParseError as err:
    sys.stderr.write("not well-formed XML: %s" % err)
    sys.exit(2)
json.dump(walk(root), sys.stdout)
`

/** Parses an XML document; throws with the parser's message when it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const run = spawnSync('python3', ['-c', PARSE], { input: xml, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (run.error) throw new Error(`parseXml needs python3 (for its XML parser): ${run.error.message}`)
  if (run.status !== 0) throw new Error(run.stderr.trim())
  return JSON.parse(run.stdout) as XmlElement
}

/** Every element under `root` (itself included) with that tag, in document order. */
export function elements(root: XmlElement, tag: string): XmlElement[] {
  return [...(root.tag === tag ? [root] : []), ...root.children.flatMap((c) => elements(c, tag))]
}
