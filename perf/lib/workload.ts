/**
 * Workload W of the "Speed" issue, shared by every contender of perf/bar.ts:
 * N tasks, each 3 tool-calling turns of 2 parallel calls then a final answer, against one
 * shared stdio MCP server (the math fixture), with an OpenAI-compatible stand-in model that
 * takes 100 ms per completion. This module has no imports, so contenders outside the
 * repository (PERF_PEERS_DIR) can load it by path with their own `openai` and MCP SDK.
 */

/** Tool-calling turns per task before the final answer. */
export const TOOL_TURNS = 3
/** Model latency per completion (ms). */
export const MODEL_DELAY_MS = 100

/** The prompt of task `i`; the stand-in model reads the task number back from it. */
export function workloadPrompt(i: number): string {
  return `Task ${i}: add ${i} and 1 three times over, and multiply ${i} by 2 each time; report the last results.`
}

/** The fact every answer states (the stand-in model's answer), so the harness's fact check passes. */
export function workloadAnswer(i: number): string {
  return `The sums are ${i + 1} and the products ${i * 2}.`
}

interface ChatRequest {
  body: { messages?: Array<{ role: string; content?: unknown }>; tools?: Array<{ function: { name: string } }> }
}

/**
 * The stand-in model, as a script for fixtures/models/scripted-server.ts: while the conversation has
 * fewer than TOOL_TURNS assistant turns, 2 parallel calls (add and multiply, under whatever names the
 * contender gives the math tools); then the answer. Every reply waits MODEL_DELAY_MS.
 */
export function workloadModel(request: ChatRequest) {
  const messages = request.body.messages ?? []
  const turns = messages.filter((m) => m.role === 'assistant').length
  const prompt = String(messages.find((m) => m.role === 'user')?.content ?? '')
  const i = Number(/Task (\d+)/.exec(prompt)?.[1] ?? 0)
  if (turns >= TOOL_TURNS) return { content: workloadAnswer(i), delayMs: MODEL_DELAY_MS }
  const names = (request.body.tools ?? []).map((t) => t.function.name)
  const pick = (tool: string) => names.find((n) => n === tool || n.endsWith(`__${tool}`) || n.endsWith(`.${tool}`)) ?? tool
  return {
    delayMs: MODEL_DELAY_MS,
    toolCalls: [
      { name: pick('add'), arguments: { firstNumber: i, secondNumber: 1 } },
      { name: pick('multiply'), arguments: { firstNumber: i, SecondNumber: 2 } },
    ],
  }
}

/** The parts of the openai SDK and the MCP SDK client the loop uses (structural, so any copy of either fits). */
export interface LoopClients {
  openai: { chat: { completions: { create(body: any): Promise<any> } } }
  mcp: { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown> }
  /** The MCP server's tools, as listed once at start. */
  tools: Array<{ name: string; description?: string; inputSchema: unknown }>
  model: string
}

/**
 * The agent loop every contender runs outside this project (the project runs its own OpenAI-compatible
 * agent, src/runtime/agents/openai.ts, which has the same shape): each round the model calls tools, which run
 * concurrently, or answers.
 */
export async function runWorkloadTask({ openai, mcp, tools, model }: LoopClients, i: number, maxRounds = 20): Promise<string> {
  const fns = tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description ?? '', parameters: t.inputSchema },
  }))
  const messages: any[] = [{ role: 'user', content: workloadPrompt(i) }]
  for (let round = 0; round < maxRounds; round++) {
    const response = await openai.chat.completions.create({ model, messages, tools: fns, tool_choice: 'auto' })
    const message = response.choices[0].message
    const calls = (message.tool_calls ?? []).filter((c: any) => c.type === 'function')
    if (calls.length === 0) return message.content ?? ''
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls })
    const results = await Promise.all(
      calls.map((c: any) => mcp.callTool({ name: c.function.name, arguments: JSON.parse(c.function.arguments) })),
    )
    calls.forEach((c: any, k: number) =>
      messages.push({ role: 'tool', tool_call_id: c.id, content: textOf((results[k] as { content?: unknown }).content) }),
    )
  }
  throw new Error(`task ${i}: no answer after ${maxRounds} rounds`)
}

function textOf(content: unknown): string {
  return Array.isArray(content) ? content.map((c: { text?: string }) => c.text ?? '').join('\n') : ''
}

/** Runs `count` tasks with at most `concurrency` at once. */
export async function runPool(count: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}
