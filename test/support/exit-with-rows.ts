// Keeps a report row made during a run, then exits without closing its store (as a run cut short does):
// test/lib/atomic-file-exit.integration.test.ts checks that the rows' temporary file is gone. argv: the reports
// directory; the script prints the file it made there, so the test knows there was one.
import { readdirSync } from 'node:fs'
import { PreparedRows } from '../../reporters/prepared-rows.ts'
import { record } from './trajectories.ts'

const dir = process.argv.at(-1)!
new PreparedRows(dir).put(record(), '{"row":"made while the run went on"}')
process.stdout.write(
  readdirSync(dir)
    .filter((f) => f.startsWith('.vitest-mcp-bench-rows-'))
    .join('\n'),
)
process.exit(3)
