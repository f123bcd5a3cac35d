/**
 * The same benchmark run five ways, each leaderboard compared field by field with the first
 * (src/compare/fields.ts): again, at concurrency 1, in two shards merged with `--merge-reports`, and recorded to a
 * cassette then replayed from it. Used by scripts/reproducibility.ts (the bundled suite) and by
 * test/e2e/reproducible.test.ts (a small project of its own, which leaves out run B: see `again`).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { compareFields, type FieldComparison } from '../src/compare/fields.ts'

export interface RunsOptions {
  /** The project directory Vitest runs in. */
  cwd: string
  /** Arguments before the mode's own: `--config …`, the files. */
  args: string[]
  /** The environment of every run (the model's URL, the judge's model). */
  env: Record<string, string>
  /** The variable the project's config reads its output directory from. */
  outputVariable: string
  /** Where each run writes its reports (a directory per run). */
  out: string
  /** Concurrency of the first run (and of the others but `concurrency 1`). Default 16. */
  concurrency?: number
  /**
   * Run B, A's run started again, compared with A. Default true. The recording run is such a run too (live, at A's
   * concurrency, started afresh, compared with A field by field), so without B a second uninterrupted run of the
   * same inputs is still compared with A; B tells apart a difference between two plain runs from one that
   * recording brings.
   */
  again?: boolean
  /** Run A, already made by `runA` with these options (the model's URL apart); made here when not given. */
  runA?: Run
}

/** One run's directory, exit code and output. */
export interface Run {
  dir: string
  code: number
  output: string
}

/** junit.xml apart from times: the `time`, `timestamp` and `hostname` attributes and the timing properties. */
export function junitApartFromTimes(xml: string): string {
  return xml
    .replace(/ (?:time|timestamp|hostname)="[^"]*"/g, '')
    .replace(
      /<property name="mcp-bench\.(?:durationMs|modelMs|toolMs|modelShare|toolShare|judgeMs)" value="[^"]*"\s*(?:\/>|>\s*<\/property>)\s*/g,
      '',
    )
}

/**
 * report.html apart from times: the run's date, every duration shown (`1.23 s`, `45 ms`), a task row's duration
 * sort key (the last of its `keys`) and the charts, whose axes are drawn from durations and dates.
 */
export function htmlApartFromTimes(html: string): string {
  return html
    .replace(/<svg[\s\S]*?<\/svg>/g, '<svg/>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '')
    .replace(/\d+(?:\.\d+)? ?(?:ms|s)\b/g, 'T')
    .replace(/,\d+\],"cells"/g, '],"cells"')
}

export interface ModeResult {
  mode: string
  dir: string
  code: number
  output: string
  /** Compared with the first run; null for the first run itself. */
  comparison: FieldComparison | null
}

const vitestBin = resolve('node_modules/vitest/vitest.mjs')

async function vitest(options: RunsOptions, dir: string, args: string[], env: Record<string, string>): Promise<Run> {
  mkdirSync(dir, { recursive: true })
  const child = spawn(process.execPath, [vitestBin, 'run', ...args], {
    cwd: options.cwd,
    env: {
      ...process.env,
      CI: 'true',
      MCP_BENCH_NO_CACHE: '1',
      MCP_BENCH_CASSETTE: 'off',
      ...options.env,
      [options.outputVariable]: dir,
      ...env,
    },
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const code = await new Promise<number>((done) => child.on('close', (c) => done(c ?? -1)))
  writeFileSync(join(dir, 'vitest-output.txt'), output)
  return { dir, code, output }
}

function board(dir: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, 'leaderboard.json'), 'utf8'))
  } catch (error) {
    throw new Error(`no leaderboard in ${dir} (${(error as Error).message}); the run's output is in ${join(dir, 'vitest-output.txt')}`, {
      cause: error,
    })
  }
}

const concurrency = (n: string) => ({ MCP_BENCH_CONCURRENCY: n })

/** Run A alone, in `<out>/a`: what `runReproducibility` runs first, for a caller that shares it (its `runA`). */
export function runA(options: RunsOptions): Promise<Run> {
  return vitest(options, join(options.out, 'a'), options.args, concurrency(String(options.concurrency ?? 16)))
}

/** Runs the five modes one after another (they share the machine) and compares each with the first. */
export async function runReproducibility(options: RunsOptions): Promise<ModeResult[]> {
  const c = String(options.concurrency ?? 16)
  const results: ModeResult[] = []
  const at = (name: string) => join(options.out, name)
  const add = async (mode: string, run: () => Promise<Run>) => {
    const { dir, code, output } = await run()
    const comparison = results.length === 0 ? null : compareFields(board(results[0]!.dir), board(dir))
    results.push({ mode, dir, code, output, comparison })
  }
  const first = options.runA
  await add(`run A, concurrency ${c}`, () => (first ? Promise.resolve(first) : runA(options)))
  if (options.again !== false)
    await add('run B, identical to A, started again', () => vitest(options, at('b'), options.args, concurrency(c)))
  await add('concurrency 1', () => vitest(options, at('c1'), options.args, concurrency('1')))
  await add('two shards, merged', async () => {
    const blobs = at('blobs')
    for (const i of [1, 2]) {
      await vitest(
        options,
        at(`shard-${i}`),
        [...options.args, `--shard=${i}/2`, '--reporter=blob', `--outputFile.blob=${join(blobs, `blob-${i}.json`)}`],
        concurrency(c),
      )
    }
    const configArgs = options.args.filter((a, i, all) => a.startsWith('--config') || all[i - 1] === '--config')
    return vitest(options, at('merged'), [...configArgs, `--merge-reports=${blobs}`], concurrency(c))
  })
  const cassette = at('cassette')
  await add('recording a cassette', () =>
    vitest(options, at('recorded'), options.args, { ...concurrency(c), MCP_BENCH_CASSETTE: 'record', MCP_BENCH_CASSETTE_DIR: cassette }),
  )
  // The replay is compared with the recording it replays.
  await add('that cassette replayed (vs the recording)', () =>
    vitest(options, at('replayed'), options.args, { ...concurrency(c), MCP_BENCH_CASSETTE: 'replay', MCP_BENCH_CASSETTE_DIR: cassette }),
  )
  results.at(-1)!.comparison = compareFields(board(at('recorded')), board(at('replayed')))
  return results
}
