import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { stableStringify } from '../stable-json.ts'
import type { JudgeUsage } from './schema.ts'

/**
 * On-disk cache of judge replies, keyed by the SHA-256 of the full request
 * (endpoint, model, messages and parameters; never the API key). Only replies
 * that parsed into a valid sample are stored, so a rerun of an unchanged
 * trajectory sends no request at all. Writes are atomic (temp file + rename),
 * so parallel workers never see half a file; a corrupt entry is a miss.
 */

export interface CacheEntry {
  key: string
  model: string
  content: string
  usage: JudgeUsage
  createdAt: string
}

export { stableStringify }

/** The cache key of a chat-completions request body sent to `baseURL`. */
export function requestKey(baseURL: string, body: Record<string, unknown>): string {
  return createHash('sha256').update(stableStringify({ v: 1, baseURL, body })).digest('hex')
}

export class JudgeCache {
  constructor(readonly dir: string) {}

  path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`)
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.path(key), 'utf8')) as CacheEntry
      if (entry && entry.key === key && typeof entry.content === 'string') return entry
    } catch {
      // Missing or unreadable: a miss.
    }
    return undefined
  }

  async set(entry: CacheEntry): Promise<void> {
    const file = this.path(entry.key)
    await mkdir(dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(tmp, `${JSON.stringify(entry, null, 2)}\n`, 'utf8')
      await rename(tmp, file)
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => {})
      throw err
    }
  }
}
