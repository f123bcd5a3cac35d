// Opens an atomic file, writes a piece, and exits before committing it (as a second Ctrl-C does mid-report):
// test/lib/shared-helpers.test.ts checks that no temporary file is left. argv: the file to write.
import { openAtomicFile } from '../../src/lib/atomic-file.ts'

const out = openAtomicFile(process.argv.at(-1)!)
out.write('<html>half a report')
process.exit(3)
