import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Three human raters' labels for six items, the file the calibrate tests call humans.jsonl. */
export const HUMAN_LABELS = [
  '{"id":"i1","labels":["pass","pass","pass"]}',
  '{"id":"i2","labels":["pass","pass","fail"]}',
  '{"id":"i3","labels":["fail","fail","fail"]}',
  '{"id":"i4","labels":["pass","fail","fail"]}',
  '{"id":"i5","labels":["fail","fail","pass"]}',
  '{"id":"i6","labels":["pass","pass","pass"]}',
].join('\n')

/**
 * The judge's and the human raters' label files the calibrate tests read (in-process and as a process of its
 * own), written once per test file into a temporary directory: six items, a missing id, an unknown label and
 * a line that is not JSON.
 */
export async function writeCalibrationFiles(): Promise<{ path: (name: string) => string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'calibrate-'))
  const path = (name: string) => join(dir, name)
  await writeFile(
    path('judgements.jsonl'),
    [
      '{"id":"i1","label":"pass"}',
      '{"id":"i2","pass":true}',
      '{"id":"i3","label":"fail"}',
      '{"id":"i4","label":"pass"}',
      '{"id":"i5","label":"fail"}',
      '{"id":"i6","label":"fail"}',
      '',
    ].join('\n'),
  )
  await writeFile(path('humans.jsonl'), HUMAN_LABELS)
  await writeFile(
    path('missing.jsonl'),
    ['{"id":"i1","labels":["pass","pass","pass"]}', '{"id":"i9","labels":["pass","pass","pass"]}'].join('\n'),
  )
  await writeFile(
    path('unknown.jsonl'),
    ['{"id":"i1","labels":["pass","pass","pass"]}', '{"id":"i2","labels":["pass","meh","pass"]}'].join('\n'),
  )
  await writeFile(path('badjson.jsonl'), ['{"id":"i1","labels":["pass","pass","pass"]}', '', '{"id":"i2","labels":['].join('\n'))
  return { path, remove: () => rm(dir, { recursive: true, force: true }) }
}
