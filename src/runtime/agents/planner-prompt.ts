import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { describeTools } from './tool-list.ts'
import type { AgentContext } from './types.ts'

/** This project's words for the planner (both loops; MCP-Bench's own come from the user's checkout, see released-wording.ts). */
export function planningPrompt(
  ctx: AgentContext,
  history: string,
  systemPrompt: string | undefined,
  planningRound: number,
): ChatCompletionMessageParam[] {
  const system = [
    systemPrompt ?? "You solve the user's task by planning tool calls, round by round.",
    'Each round, reply with one JSON object and nothing else:',
    '{"reasoning": "<what you need next and why>", "should_continue": true, "planned_tools": [{"tool": "<exact tool name>", "parameters": {…}}]}',
    "Tools in one round run in parallel, so put only independent calls together; a call that needs another's result goes in a later round.",
    'Set "should_continue" to false, with no planned tools, when you have what you need.',
    '',
    'Available tools:',
    describeTools(ctx.tools),
  ].join('\n')
  // The round and the budget, as MCP-Bench's planning prompt gives them ("CURRENT ROUND: n", max_execution_rounds),
  // so the model can plan to finish in time.
  const user = [
    `Task: ${ctx.task.prompt}`,
    '',
    `Planning round ${planningRound} of at most ${ctx.maxRounds}.`,
    '',
    history ? `What you have done so far:\n${history}` : 'Nothing has been done yet.',
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}

export function finalPrompt(ctx: AgentContext, history: string): ChatCompletionMessageParam[] {
  return [
    {
      role: 'system',
      content: "Answer the user's task from the tool results below. Ground every figure in them; say plainly what could not be found.",
    },
    { role: 'user', content: `Task: ${ctx.task.prompt}\n\nTool results:\n${history || '(no tools were called)'}` },
  ]
}

/** MCP-Bench's π_compress in this project's words: the model shortens a long observation, keeping what the task needs. */
export function summaryPrompt(ctx: AgentContext, text: string): ChatCompletionMessageParam[] {
  return [
    {
      role: 'system',
      content: 'Summarise this tool output for the task below. Keep every figure, name, date and id the task may need; drop the rest.',
    },
    { role: 'user', content: `Task: ${ctx.task.prompt}\n\nTool output:\n${text}` },
  ]
}
