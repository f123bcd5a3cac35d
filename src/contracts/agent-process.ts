import * as z from 'zod'

/**
 * The channel between a Vitest worker and an isolated agent process: one JSON
 * object per line, requests on the child's stdin, replies on its stdout (the
 * agent's own console output goes to stderr). Every message names the task it
 * belongs to, so one child serves many tasks at once. Only what `AgentContext`
 * promises crosses it: the task's id and prompt, the tools, the limits, tool
 * results; nothing the referee holds.
 */

const ToolSchema = z
  .object({
    name: z.string(),
    server: z.string(),
    tool: z.string(),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()),
  })
  .loose()

export const ToWorkerSchema = z.discriminatedUnion('t', [
  /** The agent module loaded and exports an agent. */
  z.object({ t: z.literal('ready') }),
  /** The agent module loaded but has no usable export: a setup error, not the agent's failure on a task. */
  z.object({ t: z.literal('setup-error'), message: z.string() }),
  z.object({
    t: z.literal('call'),
    task: z.string(),
    call: z.number().int(),
    name: z.string(),
    args: z.unknown().optional(),
    id: z.string().optional(),
    round: z.number().int().optional(),
  }),
  z.object({ t: z.literal('round'), task: z.string() }),
  z.object({ t: z.literal('turn'), task: z.string(), turn: z.record(z.string(), z.unknown()) }),
  z.object({ t: z.literal('done'), task: z.string(), answer: z.string().nullable() }),
  z.object({ t: z.literal('failed'), task: z.string(), message: z.string() }),
])
export type ToWorker = z.infer<typeof ToWorkerSchema>

export const ToAgentSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('run'),
    task: z.string(),
    info: z.object({ id: z.string(), prompt: z.string() }),
    tools: z.array(ToolSchema),
    maxRounds: z.number().int(),
    maxToolCalls: z.number().int().optional(),
  }),
  z.object({ t: z.literal('abort'), task: z.string(), reason: z.string() }),
  z.object({
    t: z.literal('result'),
    task: z.string(),
    call: z.number().int(),
    outcome: z.object({ content: z.array(z.unknown()), structuredContent: z.unknown().optional(), isError: z.boolean(), text: z.string() }),
  }),
])
export type ToAgent = z.infer<typeof ToAgentSchema>

/** Splits a byte stream into lines and hands each non-empty one on. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let pending = ''
  return (chunk) => {
    pending += chunk.toString()
    let at: number
    while ((at = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, at).trim()
      pending = pending.slice(at + 1)
      if (line) onLine(line)
    }
  }
}
