import * as z from 'zod'
import { GateSchema } from '../../src/contracts/options.ts'
import { PricesSchema } from '../../src/contracts/prices.ts'
import { TaskStatusSchema } from '../../src/contracts/task-status.ts'
import type { ProgressRecord } from '../../src/scoring/progress.ts'

/**
 * What Vitest's main process and the referee (referee.ts) say to each other: one JSON message per line, the
 * referee's process reading them on its stdin and answering on its stdout (referee-process.ts). Every message
 * is checked against these schemas where it arrives.
 */

/** What the referee needs to know of the run before the first result: the reports' options and the run's secrets. */
const RefereeSettingsSchema = z.strictObject({
  outputDir: z.string(),
  root: z.string(),
  gate: GateSchema,
  prices: PricesSchema,
  historyDir: z.string().nullable(),
  /** Values the reports must never hold (API keys, expanded `${VAR}`s), with what to show instead. */
  secrets: z.array(z.strictObject({ value: z.string(), label: z.string() })),
  watch: z.boolean(),
  shard: z.strictObject({ index: z.number().int(), count: z.number().int() }).nullable(),
})
export type RefereeSettings = z.infer<typeof RefereeSettingsSchema>

/**
 * One benchmark test's result. `outcome` is the record its worker sent, unchecked: validating it is the
 * referee's job. At the end of the run a result the referee already has is sent without it (`arrived`).
 */
const TestItemSchema = z.strictObject({
  /** The test's file within its project: in watch mode a file that reran replaces its own results. */
  key: z.string(),
  testId: z.string(),
  file: z.string(),
  /** Its full name, as the list of unfinished tests names it. */
  name: z.string(),
  identity: z.strictObject({ taskId: z.string(), agent: z.string(), trial: z.number() }),
  state: z.string(),
  /** Its error messages as the reports show them (cleaned and redacted). */
  errors: z.array(z.string()),
  durationMs: z.number(),
  /** `included`: `outcome` holds it; `missing`: the test sent none (its worker died); `arrived`: sent with its result. */
  outcomeIs: z.enum(['included', 'missing', 'arrived']),
  outcome: z.unknown().optional(),
})
export type TestItem = z.infer<typeof TestItemSchema>

const FileLine = z.strictObject({ file: z.string(), error: z.string() })

/** The end of a run, what only Vitest's main process knows: the files, the interruptions, the other failures. */
const RunEndSchema = z.strictObject({
  files: z.array(z.strictObject({ key: z.string(), tests: z.array(TestItemSchema) })),
  fileErrors: z.array(FileLine),
  unfinished: z.array(z.strictObject({ file: z.string(), name: z.string() })),
  interruption: z.string().nullable(),
  interruptCode: z.number().int().nullable(),
  workerDied: z.boolean(),
  otherFailures: z.number().int(),
  unhandledErrors: z.number().int(),
  gateDeferred: z.string().nullable(),
  /** The task files hashed at the start and at the end (src/node/task-file-integrity.ts); absent when none ran. */
  integrity: z.strictObject({ taskFiles: z.number().int(), changed: z.array(z.string()), hardLinked: z.array(z.string()) }).optional(),
})
export type RunEnd = z.infer<typeof RunEndSchema>

const Annotation = z.strictObject({ type: z.string(), message: z.string() })

/** Each task's JUnit properties, by test id: the referee's first answer to the end of a run. */
const PropertiesSchema = z.array(z.tuple([z.string(), z.array(Annotation)]))
export type Properties = z.infer<typeof PropertiesSchema>

/** The referee's last answer to the end of a run. `code` and `summary` are null when the run held no benchmark test. */
const VerdictSchema = z.strictObject({
  code: z.number().int().nullable(),
  summary: z.string().nullable(),
  /** What the main process is to print: a report that could not be written, a history that could not be read. */
  logs: z.array(z.strictObject({ level: z.enum(['warn', 'error']), message: z.string() })),
})
export type Verdict = z.infer<typeof VerdictSchema>

/** Messages to the referee. The first is `init`; every other is answered by a reply with the same `id` (`end` by two: its properties, then its verdict). */
export const RequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('init'), settings: RefereeSettingsSchema }),
  z.strictObject({ type: z.literal('result'), id: z.number().int(), item: TestItemSchema }),
  // The end of a run comes in parts (a run of 10,000 tasks is not one line), the last of them `end`.
  z.strictObject({ type: z.literal('end-part'), files: RunEndSchema.shape.files }),
  z.strictObject({ type: z.literal('end'), id: z.number().int(), run: RunEndSchema }),
])
export type Request = z.infer<typeof RequestSchema>

/**
 * What the referee answers a result with: as much of the task's record as the progress display shows
 * (src/scoring/progress.ts), not the whole record, which the main process would only parse and drop. The main
 * process checks its identity and status, not every figure (the referee made them from a checked outcome).
 */
const RecordShape = z.object({ id: z.string(), agent: z.string(), trial: z.number(), status: TaskStatusSchema })
const RecordSchema = z.custom<ProgressRecord>((value) => RecordShape.safeParse(value).success, { message: 'not a task record' })

export const ReplySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('record'), id: z.number().int(), record: RecordSchema.nullable() }),
  z.strictObject({ type: z.literal('properties'), id: z.number().int(), properties: PropertiesSchema }),
  z.strictObject({ type: z.literal('verdict'), id: z.number().int(), verdict: VerdictSchema }),
  z.strictObject({ type: z.literal('error'), id: z.number().int().nullable(), message: z.string() }),
])
export type Reply = z.infer<typeof ReplySchema>
