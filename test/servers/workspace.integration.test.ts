import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createWorkspace, readWorkspaceFile } from '../../src/runtime/servers/workspace.ts'

const cleanup: Array<() => void> = []
afterEach(() => cleanup.splice(0).forEach((f) => f()))

function hostFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'host-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, 'secret.txt'), 'host content')
  return join(dir, 'secret.txt')
}

describe('workspaces and the files in them', () => {
  it("copies a seed directory's symlinks as the files they point to, never as links", () => {
    const seed = mkdtempSync(join(tmpdir(), 'seed-'))
    cleanup.push(() => rmSync(seed, { recursive: true, force: true }))
    symlinkSync(hostFile(), join(seed, 'linked.txt'))
    const ws = createWorkspace('s', seed, '/')
    cleanup.push(ws.remove)
    expect(lstatSync(join(ws.dir, 'linked.txt')).isSymbolicLink()).toBe(false)
    expect(readFileSync(join(ws.dir, 'linked.txt'), 'utf8')).toBe('host content')
  })

  it('reads files inside, and refuses a symlink out, a link to a directory out, a ".." path and an absolute path', () => {
    const ws = createWorkspace('s', { 'notes/a.txt': 'inside' }, '/')
    cleanup.push(ws.remove)
    const host = hostFile()
    symlinkSync(host, join(ws.dir, 'summary.txt'))
    symlinkSync(join(host, '..'), join(ws.dir, 'dir-out'))
    symlinkSync(join(ws.dir, 'notes', 'a.txt'), join(ws.dir, 'inner-link.txt'))
    mkdirSync(join(ws.dir, 'sub'))
    expect(readWorkspaceFile(ws.dir, 'notes/a.txt')).toEqual({ kind: 'file', content: 'inside' })
    expect(readWorkspaceFile(ws.dir, 'inner-link.txt')).toEqual({ kind: 'file', content: 'inside' })
    expect(readWorkspaceFile(ws.dir, 'summary.txt')).toMatchObject({ kind: 'outside' })
    expect(readWorkspaceFile(ws.dir, 'dir-out/secret.txt')).toMatchObject({ kind: 'outside' })
    expect(readWorkspaceFile(ws.dir, `../${host}`)).toMatchObject({ kind: 'outside' })
    expect(readWorkspaceFile(ws.dir, host)).toMatchObject({ kind: 'outside' })
    expect(readWorkspaceFile(ws.dir, 'missing.txt')).toEqual({ kind: 'missing' })
    expect(readWorkspaceFile(ws.dir, 'sub')).toEqual({ kind: 'not-a-file' })
  })
})
