import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { completeTurn, modelClient, type ModelOptions } from './model-client.ts'
import { parseFinalReply, parseReactStep, type ReactStep } from './react-parser.ts'
import { describeTools } from './tool-list.ts'
import type { Agent, AgentTool } from './types.ts'

export interface ReactAgentOptions extends ModelOptions {
  /**
   * How many replies that break the format are answered with a reminder
   * before the run ends with an error. Default 3. Each such reply still uses
   * one of the task's rounds.
   */
  formatReminders?: number
}

const DEFAULT_FORMAT_REMINDERS = 3

const ROLE = "You are an assistant that solves the user's task with tools, one step at a time."

const FORMAT = [
  'Reply in exactly this format, one step per reply:',
  '',
  'Thought: <what you know so far and what you need next>',
  'Action: <one tool name from the list, exactly as written there>',
  "Action Input: <the tool's arguments as one JSON object; {} when it takes none>",
  '',
  'Then stop. The tool\'s result comes back to you as "Observation: …". Never write an Observation yourself.',
  'When you have what you need, or no tool can help, reply instead with:',
  '',
  'Thought: <why you can answer now>',
  'Final Answer: <your complete answer to the user>',
].join('\n')

const GUIDANCE = [
  "Choose the tools that fit the task. Take every argument from the task, an earlier Observation or the tool's documented defaults; never invent one.",
  "A call that needs another call's result comes in a later step, after its Observation.",
  'Ground every figure in your Final Answer in the Observations, answer the whole task, and write in the language of the user.',
].join('\n')

function systemPrompt(tools: AgentTool[], role?: string): string {
  return [role ?? ROLE, GUIDANCE, '', FORMAT, '', 'Available tools:', describeTools(tools)].join('\n')
}

function reminder(reason: string): string {
  return `Your last reply could not be used: ${reason}.\n\n${FORMAT}`
}

const STEP_LIMIT =
  'You have used every step available. Do not call any more tools. Reply now with "Final Answer:" followed by your answer, from the Observations above.'

/**
 * MCP-AgentBench's ReAct mode (its appendix C.1), for chat models with or
 * without native tool calling: the tools are described in the system prompt;
 * each step the model writes a thought and either one action with a JSON
 * input or a final answer; the action runs through the recorded MCP call and
 * its result comes back as the next message, "Observation: …". The ordered
 * history of steps and observations is the conversation itself. Past the step
 * limit (the task's rounds) the model is asked once for an immediate final
 * answer.
 *
 * A reply that breaks the format is recorded with its `parseError` and
 * answered with a reminder of the format, at most `formatReminders` times;
 * one more ends the run with an error. An action naming a tool that is not in
 * the catalog is not a format error: it goes through `ctx.callTool` like any
 * call (so it counts against the valid-tool-name rate, as in the other loops)
 * and the model sees the resulting error as its Observation.
 */
export function reactAgent(options: ReactAgentOptions = {}): Agent {
  const { model, client } = modelClient(options, 'reactAgent')
  const allowed = options.formatReminders ?? DEFAULT_FORMAT_REMINDERS
  return {
    name: options.name ?? `${model} (react)`,
    async run(ctx) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt(ctx.tools, options.systemPrompt) },
        { role: 'user', content: ctx.task.prompt },
      ]
      /** One model turn, read before it is recorded so that a malformed reply carries its reason. */
      const ask = async <S extends ReactStep>(read: (reply: string | null) => S) => {
        let step: S | undefined
        const message = await completeTurn(ctx, client(), { model, messages, temperature: options.temperature }, (m) => {
          step = read(m.content)
          return step.kind === 'malformed' ? { parseError: step.reason } : {}
        })
        return { step: step!, reply: message.content ?? '' }
      }

      let broken = 0
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const { step, reply } = await ask((text) => parseReactStep(text, ctx.tools))
        if (step.kind === 'answer') return step.answer
        if (step.kind === 'malformed') {
          broken += 1
          if (broken > allowed) {
            throw new Error(
              `ReAct agent: the model broke the reply format ${broken} times, more than the ${allowed} reminder(s) allowed (formatReminders); last problem: ${step.reason}`,
            )
          }
          messages.push({ role: 'assistant', content: reply || '(empty reply)' }, { role: 'user', content: reminder(step.reason) })
          continue
        }
        const outcome = await ctx.callTool(step.tool, step.input, { round })
        const hint = step.known ? '' : unknownToolHint(step.tool, ctx.tools)
        messages.push({ role: 'assistant', content: step.step }, { role: 'user', content: `Observation: ${outcome.text}${hint}` })
      }
      ctx.nextRound()
      messages.push({ role: 'user', content: STEP_LIMIT })
      const { step } = await ask((text) => parseFinalReply(text, ctx.tools))
      return step.kind === 'answer' ? step.answer : null
    },
  }
}

/** For a name not in the catalog, the one tool the model may have meant (the call itself is never redirected). */
function unknownToolHint(name: string, tools: AgentTool[]): string {
  const wanted = name.toLowerCase()
  const close = tools.filter((t) => [t.name, t.tool, `${t.server}.${t.tool}`].some((n) => n.toLowerCase() === wanted))
  return close.length === 1 ? `\nDid you mean ${close[0]!.name}? Write tool names exactly as listed.` : ''
}
