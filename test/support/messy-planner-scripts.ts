/**
 * A messy stand-in planner for each of the 104 MCP-Bench tasks: the replies a model sends the planning loop,
 * round by round, for the executor replay (test/scoring/mcp-bench-executor-conformance.integration.test.ts;
 * scripts/mcp-bench-executor-conformance.py replays the same replies through MCP-Bench's executor).
 *
 * The replies are consumed in order by planning and format-fix requests alike, so a loop that asks at another
 * moment reads another reply and the calls part ways. Messy on purpose: unknown tools, an empty or missing
 * `tool`, parameters that are strings, null, lists or missing, `should_continue` as "false", 0 or null, stopping
 * plans that still carry calls, prose (fixed or not by the next reply), bare JSON lists, empty plans, fenced
 * JSON, Google Maps tools that run one at a time among others, and a run to the round cap. No reply is empty
 * and no JSON is followed by prose: MCP-Bench hands those to json_repair, which is not here to run.
 */
import type { AgentTool } from '../../src/runtime/agents/types.ts'
import { createRng } from '../../src/lib/random.ts'
import { fixtureCatalogs, taskRows } from './messy-judge-cases.ts'

export interface ExecutorCase {
  id: string
  tools: AgentTool[]
  replies: string[]
}

/** The name the planner shows a tool under, with MCP-Bench's templates (`server:tool`, as its executor's catalog keys). */
export const shownName = (t: Pick<AgentTool, 'server' | 'tool'>) => `${t.server}:${t.tool}`

export async function executorCases(): Promise<ExecutorCase[]> {
  const rows = taskRows()
  const catalogs = await fixtureCatalogs(rows)
  return rows.map((row) => {
    const tools = [...row.servers, ...row.distractors]
      .flatMap((s) => catalogs.get(s)!)
      .map((e) => ({
        name: e.name,
        server: e.server,
        tool: e.tool,
        description: e.description ?? '',
        inputSchema: e.inputSchema,
      })) as AgentTool[]
    const own = tools.filter((t) => row.servers.includes(t.server))
    return { id: row.id, tools, replies: messyReplies(row.id, own) }
  })
}

/**
 * The `parameters` that are no JSON object, which the scripts write now and then. The string is JSON text (of a
 * string): the recorder's message for text that is no JSON at all quotes the runtime's own parse error, which
 * differs between Node, Bun and Deno, and the requests must be the same under each.
 */
export const ODD_PARAMETERS = ['"a string"', null, [1, 'two'], '{"q": "json text"}'] as const

/** The model writes tools as the planner with MCP-Bench's templates shows them (`server:tool`). */
function messyReplies(id: string, own: readonly AgentTool[]): string[] {
  const rng = createRng(`executor-case:${id}`)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!
  const chance = (p: number) => rng() < p
  const maps = own.filter((t) => t.server === 'google-maps')
  const call = (): Record<string, unknown> => {
    const r = rng()
    const tool =
      r < 0.08
        ? pick(['nope__missing', 'Weather Data:get_forecast', 7])
        : r < 0.12
          ? ''
          : r < 0.3 && maps.length
            ? shownName(pick(maps))
            : shownName(pick(own))
    const p = rng()
    const parameters =
      p < 0.06
        ? ODD_PARAMETERS[0]
        : p < 0.1
          ? ODD_PARAMETERS[1]
          : p < 0.13
            ? ODD_PARAMETERS[2]
            : p < 0.16
              ? ODD_PARAMETERS[3]
              : { query: `q${Math.floor(rng() * 100)}`, n: Math.floor(rng() * 10) }
    if (r >= 0.08 && r < 0.1) return { parameters } // no tool at all
    return p >= 0.97 ? { tool } : { tool, parameters }
  }
  // Now and then the model writes `n` as a whole float (3.0), which Python keeps a float and prints so.
  const plan = (go: unknown, calls: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      reasoning: `round plan ${Math.floor(rng() * 1000)}`,
      should_continue: go,
      planned_tools: Array.from({ length: calls }, call),
      ...extra,
    }).replace(/"n":(\d+)(?=[,}])/g, (whole, n: string) => (chance(0.3) ? `"n":${n}.0` : whole))
  const replies: string[] = []
  const capped = chance(0.04)
  const rounds = capped ? 22 : 1 + Math.floor(rng() * 5)
  for (let i = 0; i < rounds; i++) {
    const k = rng()
    const n = 1 + Math.floor(rng() * 3)
    if (capped || k < 0.55) replies.push(chance(0.15) ? `Here is my plan:\n\`\`\`json\n${plan(true, n)}\n\`\`\`` : plan(true, n))
    else if (k < 0.62) replies.push(plan(pick(['false', 1, 'yes']), n))
    else if (k < 0.67) replies.push(plan(pick([false, 0, null]), n))
    else if (k < 0.72)
      replies.push(
        JSON.stringify({ reasoning: 'no flag', planned_tools: Array.from({ length: n }, call) }),
        chance(0.5) ? plan(true, n) : 'still not a plan',
      )
    else if (k < 0.8)
      replies.push('I think the next step is to look things up, then answer.', chance(0.6) ? plan(true, n) : 'sorry, no plan')
    else if (k < 0.86) replies.push(JSON.stringify(Array.from({ length: n }, call)), chance(0.3) ? plan(true, n) : 'no')
    else if (k < 0.9) replies.push(plan(true, 0))
    else replies.push(plan(true, n, { planned_tools: chance(0.5) ? 'not a list' : Array.from({ length: n }, call) }))
  }
  replies.push(plan(false, 0))
  return replies
}
