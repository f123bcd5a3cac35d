import type { TestProject } from 'vitest/node'
import { JOURNAL_VERSION, keptKey, type JournalEntry, type ResumeMode } from '../src/contracts/run-journal.ts'
import type { RuntimeSettings } from '../src/contracts/settings.ts'
import { entryKey, JournalWriter, readJournal, type Journal } from '../src/node/run-journal.ts'
import { agentNames, differentRun, keeps, settingsHash } from '../src/node/resume.ts'

type Shard = { index: number; count: number } | null

/**
 * One output directory's run journal, in Vitest's main process: the tasks a resumed run keeps (told to each
 * project's workers, which then skip them), and each finished task written down as its result arrives, so the
 * next resume knows it. A fresh run starts the journal anew; a resumed run continues the one it resumes.
 */
export class JournalKeeper {
  private readonly previous: Journal | null
  private readonly projects = new Map<string, { settings: string; agents: string[] }>()
  private readonly kept = new Map<string, JournalEntry>()
  private writer: JournalWriter | undefined

  /** `mode`: null for a fresh run. A journal that cannot be read when resuming is an error that names it. */
  constructor(
    readonly path: string,
    readonly mode: ResumeMode | null,
    private readonly shard: Shard,
    private readonly redact: (text: string) => string,
  ) {
    this.previous = mode ? readJournal(path) : null
  }

  /** Resumed, with a journal to resume from. */
  get resuming(): boolean {
    return this.previous !== null
  }

  /**
   * A project of this directory's run: on a resumed run it must be the same as in the journal (or this throws,
   * saying what differs), and its workers are told which of its tasks are kept.
   */
  addProject(project: TestProject, settings: RuntimeSettings, root: string): void {
    this.projects.set(project.name, { settings: settingsHash(settings), agents: agentNames(settings) })
    if (!this.previous || !this.mode) return
    const problem = differentRun(this.previous.header, { root, project: project.name, shard: this.shard, settings })
    if (problem)
      throw new Error(
        `vitest-mcp-bench: cannot resume from ${this.path}: ${problem}. Run without MCP_BENCH_RESUME (or with resume: false) to start the run again.`,
      )
    const keys: string[] = []
    for (const [key, entry] of this.previous.entries) {
      if (entry.project !== project.name || !keeps(entry, this.mode)) continue
      this.kept.set(key, entry)
      keys.push(keptKey(entry.file, entry.identity))
    }
    project.provide('mcpBenchResume', { kept: keys })
  }

  /** How many tasks the resumed run keeps. */
  get keptCount(): number {
    return this.kept.size
  }

  /** A kept task's entry, for the test that was skipped in its place. */
  keptEntry(project: string, file: string, identity: JournalEntry['identity']): JournalEntry | undefined {
    return this.kept.get(entryKey({ project, file, identity }))
  }

  /** The run starts: a fresh journal with the task files' hashes, or the resumed one continued. */
  start(files: Record<string, string>): void {
    this.writer?.close()
    if (this.previous) {
      this.writer = JournalWriter.continue(this.path, this.redact)
      return
    }
    const fingerprint = {
      settings: Object.fromEntries([...this.projects].map(([name, p]) => [name, p.settings])),
      agents: Object.fromEntries([...this.projects].map(([name, p]) => [name, p.agents])),
      files,
    }
    this.writer = JournalWriter.start(
      this.path,
      { kind: 'header', version: JOURNAL_VERSION, shard: this.shard, fingerprint, startedAt: new Date().toISOString() },
      this.redact,
    )
  }

  /** A finished task, written down at once. */
  record(entry: JournalEntry): void {
    this.writer?.append(entry)
  }

  close(): void {
    this.writer?.close()
    this.writer = undefined
  }
}
