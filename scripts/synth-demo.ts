/**
 * `mcp-bench synth` on the weather and unit-converter fixtures with the
 * scripted model of the end-to-end test (test/support/synth-script.ts)
 * standing in for an LLM: two tasks pass at once, one is repaired, one of
 * each drop reason follows, and two more pass. Prints the CLI's own output;
 * the task files and synth-report.json go to a temporary directory (or to
 * the directory given), so nothing in the repository changes.
 *
 * Run: node --import tsx scripts/synth-demo.ts [out-dir]
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { main } from '../src/cli/synth.ts'
import { synthScript } from '../test/support/synth-script.ts'

const out = resolve(process.argv[2] ?? mkdtempSync(join(tmpdir(), 'synth-demo-')))
const model = await startScriptedModel({ script: synthScript() })
process.env.OPENAI_BASE_URL = model.url
process.env.OPENAI_API_KEY = 'not-needed'
try {
  process.exitCode = await main([
    '--servers',
    'weather,unit-converter',
    '--model',
    'gpt-4o-mini',
    '--count',
    '4',
    '--out',
    join(out, 'benchmarks/synth'),
    '--report',
    join(out, 'synth-report.json'),
  ])
} finally {
  await model.close()
}
