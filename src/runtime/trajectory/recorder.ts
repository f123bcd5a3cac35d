import { setMaxListeners } from 'node:events'
import type { AgentContext, CallToolOptions, TaskInfo, ToolCallOutcome } from '../agents/types.ts'
import { mcpBenchSchemaCheck } from '../checks/schema-compliance-mcp-bench.ts'
import { checkArguments } from '../../json-schema/validator.ts'
import type { Catalog } from '../servers/catalog.ts'
import type { CatalogEntry } from '../../contracts/catalog.ts'
import type { ServerConnection } from '../servers/connect.ts'
import { callListedTool } from '../servers/tool-contract.ts'
import { contentToText, cut } from '../../lib/text.ts'
import {
  boundText,
  boundToolCalls,
  boundValue,
  MAX_ANSWER_CHARS,
  MAX_ERROR_CHARS,
  MAX_NAME_CHARS,
  MAX_SCHEMA_ERRORS,
  MAX_WHOLE_FLOATS,
} from './bounds.ts'
import { TRAJECTORY_VERSION, type ModelTurn, type ToolCallRecord, type Trajectory } from '../../contracts/trajectory.ts'
import { linkedSignal } from '../../lib/linked-signal.ts'
import { workspacePaths, type WorkspacePaths } from '../servers/workspace-paths.ts'
import { CallLanes } from './call-lanes.ts'

export interface RecorderOptions {
  task: TaskInfo
  agent: string
  catalog: Catalog
  connections: Map<string, ServerConnection>
  maxRounds: number
  signal: AbortSignal
  /** Limit on tool output the agent sees. */
  maxToolOutputChars: number
  /** Limit on tool output kept in the trajectory. */
  maxRecordedOutputChars: number
  callTimeoutMs: (server: string) => number
  /** Most tool calls the task allows (MCP-AgentBench caps a query at 30 actions); unset: no cap. */
  maxToolCalls?: number
  /** `mcp-bench`: schema compliance as MCP-Bench's evaluator decides it (schema-compliance-mcp-bench.ts); default: the project's check. */
  schemaSemantics?: 'project' | 'mcp-bench'
  /**
   * Servers whose calls run one at a time, in the order the agent made them (the server config's `calls`, see
   * ServerHub.callsInOrder); unset: every call at once.
   */
  inOrder?: (server: string) => boolean
}

/**
 * Records everything an agent does through the context it hands out. Tool
 * errors of every kind (unknown name, bad JSON, schema, server error,
 * exception) become recorded error results, so a trajectory is never lost.
 */
export class TrajectoryRecorder {
  readonly trajectory: Trajectory
  private readonly t0 = performance.now()
  private round = 0
  private callCount = 0
  private finished = false
  /** Calls made and not yet answered: the task's end closes them, so none is read as a success while it waits. */
  private readonly inFlight = new Set<ToolCallRecord>()
  /** Every tool output as the agent saw it (not kept in the trajectory, which cuts them shorter). */
  private readonly seen: string[] = []
  /** Calls to in-order servers wait here for the calls the agent made before them (call-lanes.ts). */
  private readonly lanes = new CallLanes()
  /** Each workspace server's directory as the agent sees it (workspace-paths.ts), by server. */
  private readonly paths = new Map<string, WorkspacePaths>()

  constructor(private readonly options: RecorderOptions) {
    // Every call in flight listens on the task's signal until it settles; a planner round of more than
    // ten parallel calls (MCP-Bench's plans have them) is not a leak, so Node's warning is turned off.
    setMaxListeners(0, options.signal)
    this.trajectory = {
      version: TRAJECTORY_VERSION,
      taskId: options.task.id,
      agent: options.agent,
      prompt: options.task.prompt,
      turns: [],
      calls: [],
      answer: null,
      error: null,
      rounds: 0,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    }
  }

  context(): AgentContext {
    const { task, catalog, maxRounds, maxToolCalls, signal } = this.options
    return {
      task: { id: task.id, prompt: task.prompt },
      tools: catalog.entries.map(({ distractor: _hidden, ...tool }) => tool),
      maxRounds,
      ...(maxToolCalls !== undefined ? { maxToolCalls } : {}),
      signal,
      callTool: (name, args, opts) => this.callTool(name, args, opts),
      nextRound: () => this.nextRound(),
      recordTurn: (turn) => this.recordTurn(turn),
    }
  }

  nextRound(): number {
    this.round += 1
    this.trajectory.rounds = Math.max(this.trajectory.rounds, this.round)
    return this.round
  }

  recordTurn(turn: Omit<ModelTurn, 'round'>): void {
    // Agents record a turn when its reply arrives, so it started `durationMs` ago unless they say when.
    const startedAt = turn.startedAt ?? Math.max(0, Math.round((this.now() - turn.durationMs) * 10) / 10)
    // A model's reply is as untrusted as a server's output: its text, tool names and arguments are bounded too.
    const { content, toolCalls, parseError, replyNotes, ...rest } = turn
    const max = this.options.maxRecordedOutputChars
    // Hundreds of calls in one reply are the agent's doing: the turn keeps its shape and says what it left out.
    const calls = boundToolCalls(toolCalls, max)
    const notes = [
      ...(replyNotes ?? []).slice(0, MAX_SCHEMA_ERRORS).map((n) => boundText(n, MAX_ERROR_CHARS)),
      ...(calls.note ? [calls.note] : []),
    ]
    this.trajectory.turns.push({
      ...rest,
      content: boundText(content, Math.max(max, MAX_ANSWER_CHARS)),
      toolCalls: calls.value,
      ...(notes.length ? { replyNotes: notes } : {}),
      ...(parseError !== undefined ? { parseError: boundText(parseError, MAX_ERROR_CHARS) } : {}),
      startedAt,
      round: this.round,
    })
    if (turn.usage) {
      const u = this.trajectory.usage
      u.promptTokens += turn.usage.promptTokens
      u.completionTokens += turn.usage.completionTokens
      u.totalTokens += turn.usage.totalTokens
    }
  }

  /** The text of every successful tool output the agent received, for grounding checks. */
  outputs(): readonly string[] {
    return this.seen
  }

  finish(answer: string | null, error: string | null): Trajectory {
    this.finished = true
    // A call still waiting when the task ends (the agent's time ran out) failed: its answer, if one comes, is not
    // the task's, and the record is read as it stands now, not when the call settles.
    for (const record of this.inFlight) {
      this.failed(record, 'The task ended before this call returned.')
      record.durationMs = Math.round((this.now() - record.startedAt) * 10) / 10
    }
    this.inFlight.clear()
    this.trajectory.answer = boundText(answer, MAX_ANSWER_CHARS)
    this.trajectory.error = boundText(error, MAX_ERROR_CHARS)
    this.trajectory.durationMs = Math.round(performance.now() - this.t0)
    return this.trajectory
  }

  private now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10
  }

  /** Agents call tools by qualified name (`math__add`) or as `server.tool`; bare names are not guessed. */
  private lookup(name: string): CatalogEntry | undefined {
    const entry = this.options.catalog.resolve(name)
    return entry && (entry.name === name || `${entry.server}.${entry.tool}` === name) ? entry : undefined
  }

  async callTool(name: string, rawArgs: unknown, opts: CallToolOptions = {}): Promise<ToolCallOutcome> {
    // An agent that ignored the deadline may still be calling: the task is over, nothing more is recorded.
    if (this.finished) return { content: [], isError: true, text: 'The task has ended; this call was not made.' }
    // Past the cap a call is refused, not recorded: the agent is told to answer with what it has.
    const cap = this.options.maxToolCalls
    if (cap !== undefined && this.trajectory.calls.length >= cap) {
      return { content: [], isError: true, text: `You have used all ${cap} tool calls this task allows. Answer now with what you have.` }
    }
    if (this.round === 0) this.nextRound()
    const startedAt = this.now()
    const entry = this.lookup(name)
    const { args, argsError } = parseArguments(rawArgs)
    // The value the model wrote, beside its repair, when the repair changed it (a string, null, an array).
    const asWritten = opts.asWritten && !isPlainObject(rawArgs) ? { value: rawArgs } : undefined
    const max = this.options.maxRecordedOutputChars
    const record: ToolCallRecord = {
      id: boundText(opts.id, MAX_NAME_CHARS) ?? `call_${++this.callCount}`,
      round: opts.round ?? this.round,
      name: boundText(name, MAX_NAME_CHARS),
      server: entry?.server ?? null,
      tool: entry?.tool ?? null,
      distractor: entry?.distractor ?? false,
      // The record keeps a bounded copy; the server gets the arguments as the agent sent them.
      args: boundValue(args, max).value,
      ...(argsError ? { argsError: boundText(argsError, MAX_ERROR_CHARS) } : {}),
      ...(asWritten ? { rawArgs: boundValue(asWritten.value, max).value } : {}),
      ...(opts.wholeFloats?.length
        ? { wholeFloats: opts.wholeFloats.slice(0, MAX_WHOLE_FLOATS).map((p) => boundText(p, MAX_NAME_CHARS)) }
        : {}),
      valid: Boolean(entry),
      schemaValid: null,
      isError: false,
      startedAt,
      durationMs: 0,
    }
    this.trajectory.calls.push(record)
    this.inFlight.add(record)
    const outcome = await this.execute(record, entry, args, argsError, asWritten)
    // Closed by the task's end while it waited: finish() has recorded it as failed, and that stands.
    if (this.inFlight.delete(record)) record.durationMs = Math.round((this.now() - startedAt) * 10) / 10
    return outcome
  }

  private async execute(
    record: ToolCallRecord,
    entry: CatalogEntry | undefined,
    args: unknown,
    argsError?: string,
    asWritten?: { value: unknown },
  ): Promise<ToolCallOutcome> {
    if (!entry) {
      return this.failed(record, `Unknown tool "${record.name}". Call one of the listed tools by its exact name.`)
    }
    // MCP-Bench's evaluator checks the arguments as the model wrote them, unrepaired (evaluator.py _check_schema_compliance).
    if (asWritten && this.options.schemaSemantics === 'mcp-bench')
      record.schemaValid = mcpBenchSchemaCheck(entry.inputSchema, asWritten.value).valid
    if (argsError) {
      record.schemaValid ??= false
      return this.failed(record, `Arguments for ${record.name} are invalid: ${argsError}`)
    }
    const check = this.options.schemaSemantics === 'mcp-bench' ? mcpBenchSchemaCheck(entry.inputSchema, args) : checkArguments(entry, args)
    record.schemaValid = asWritten && this.options.schemaSemantics === 'mcp-bench' ? record.schemaValid : check.valid
    if (check.errors.length) {
      const shown = check.errors.slice(0, MAX_SCHEMA_ERRORS).map((e) => boundText(e, 500))
      if (check.errors.length > MAX_SCHEMA_ERRORS) shown.push(`… and ${check.errors.length - MAX_SCHEMA_ERRORS} more`)
      record.schemaErrors = shown
    }
    const connection = this.options.connections.get(entry.server)!
    const paths = this.pathsOf(entry.server, connection)
    // A call to an in-order server starts when the calls made before it to that server have ended: its place in the
    // queue was taken when the agent made it (callTool runs to here without a pause), so the order is the agent's,
    // never the order in which earlier calls happen to finish. It is still recorded in its round, as parallel.
    const turn = this.options.inOrder?.(entry.server) ? await this.lanes.enter(entry.server, this.options.signal) : undefined
    try {
      if (!this.inFlight.has(record)) return ended()
      return await this.send(record, entry, args, connection, paths)
    } finally {
      turn?.()
    }
  }

  private pathsOf(server: string, connection: ServerConnection): WorkspacePaths {
    let paths = this.paths.get(server)
    if (!paths) this.paths.set(server, (paths = workspacePaths(connection.workspace)))
    return paths
  }

  private async send(
    record: ToolCallRecord,
    entry: CatalogEntry,
    args: unknown,
    connection: ServerConnection,
    paths: WorkspacePaths,
  ): Promise<ToolCallOutcome> {
    if (!connection.alive()) {
      const tail = paths.text(connection.stderrTail())
      return this.failed(
        record,
        `Server "${entry.server}" is not running${tail ? ` (last stderr: ${tail.split('\n').slice(-3).join(' | ')})` : ''}`,
      )
    }
    // The SDK never removes the abort listener it adds to a request's signal, so each call gets its own signal
    // that follows the task's and is unhooked from it when the call is over (src/lib/linked-signal.ts says why
    // not AbortSignal.any): nothing piles up on the task's signal, nothing outlives the call.
    const call = linkedSignal([this.options.signal])
    try {
      // Held to what the answering instance listed for the tool: its output schema, its task support (tool-contract.ts).
      const result = await callListedTool(
        connection,
        entry.tool,
        // `/workspace/…` in the agent's arguments is the server's real directory (workspace-paths.ts).
        paths.toServer(args) as Record<string, unknown>,
        { signal: call.signal, timeout: this.options.callTimeoutMs(entry.server) },
      )
      if (!this.inFlight.has(record)) return ended()
      // What the server said names its real directory: the agent, the record and the judge see `/workspace`.
      const raw = paths.toAgent(Array.isArray(result.content) ? result.content : [])
      // Every field of every item is bounded (resource text, a link's uri and name, …), not only text items.
      const recorded = boundValue(raw, this.options.maxRecordedOutputChars)
      record.result = recorded.value
      if (recorded.truncated) record.truncated = true
      record.isError = result.isError === true
      const shownMax = this.options.maxToolOutputChars
      const shown = cut(contentToText(raw), shownMax)
      if (!record.isError) this.seen.push(shown.text)
      // The agent gets bounded copies too: nothing it keeps (or a custom agent records) holds the raw reply.
      const content = boundValue(raw, shownMax).value
      const structuredContent =
        result.structuredContent === undefined ? undefined : boundValue(paths.toAgent(result.structuredContent), shownMax).value
      return { content, structuredContent, isError: record.isError, text: shown.text }
    } catch (error) {
      if (!this.inFlight.has(record)) return ended()
      return this.failed(record, `${entry.server}.${entry.tool} failed: ${paths.text((error as Error).message)}`)
    } finally {
      call.release()
    }
  }

  private failed(record: ToolCallRecord, message: string): ToolCallOutcome {
    // Server error messages are server output: bounded like it, in the record and for the agent.
    const bounded = boundText(message, MAX_ERROR_CHARS)
    record.isError = true
    record.error = bounded
    return { content: [{ type: 'text', text: bounded }], isError: true, text: bounded }
  }
}

/** What an agent still waiting on a call gets once the task has ended: the answer, if one came, is not recorded. */
function ended(): ToolCallOutcome {
  const text = 'The task has ended; this call was not recorded.'
  return { content: [{ type: 'text', text }], isError: true, text }
}

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Arguments arrive as objects from custom agents and as JSON strings from models. */
export function parseArguments(raw: unknown): { args: unknown; argsError?: string } {
  if (raw === undefined || raw === null || raw === '') return { args: {} }
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch (error) {
      return { args: raw, argsError: `not valid JSON (${(error as Error).message})` }
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { args: value, argsError: 'arguments must be a JSON object' }
  }
  return { args: value }
}
