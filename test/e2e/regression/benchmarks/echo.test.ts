import { mcpTask } from 'vitest-mcp-bench'

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliett',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
]

// echo/w01-alpha … echo/w20-tango: the reference agent passes all twenty, agents/worse.ts the first twelve.
WORDS.forEach((word, i) => {
  const id = `echo/w${String(i + 1).padStart(2, '0')}-${word}`
  mcpTask(
    id,
    {
      servers: ['probe'],
      prompt: `Use the echo tool on the word ${word} and tell me what the server said.`,
      reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: word } }], answer: `The server said ${word}.`, facts: [word] },
    },
    ({ run, expect }) => {
      expect(run).toCallTool('probe.echo', { text: word })
    },
  )
})
