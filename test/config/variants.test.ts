import { describe, expect, it } from 'vitest'
import { RuntimeSettingsSchema } from '../../src/contracts/settings.ts'
import { resolveOptions, runtimeSettings } from '../../src/node/resolve-settings.ts'
import { ServerConfigError } from '../../src/config/load-servers.ts'
import { withOverrides } from '../../src/runtime/servers/list-tools.ts'
import { redactorFor } from '../../src/lib/settings-redactor.ts'

const servers = {
  math: { module: './fixtures/servers/math/server.ts' },
  fs: { command: 'node', args: ['fs.js'] },
}

describe('server variants (the `variants` option)', () => {
  it("give each variant the run's servers with its own entries in their place, validated as the servers file's are", () => {
    const options = resolveOptions({
      servers,
      variants: {
        worse: { servers: { fs: { command: 'node', args: ['fs.js'], toolOverrides: { read: { description: 'Does a thing.' } } } } },
      },
    })
    const settings = runtimeSettings(options, '/project', {}, true)
    expect(RuntimeSettingsSchema.parse(settings)).toEqual(settings)
    expect(settings.variants).toHaveLength(1)
    const variant = settings.variants[0]!
    expect(variant.name).toBe('worse')
    expect(variant.servers.servers.math).toEqual(settings.servers.servers.math)
    expect(variant.servers.servers.fs).toMatchObject({ toolOverrides: { read: { description: 'Does a thing.' } } })
    expect(settings.servers.servers.fs).not.toHaveProperty('toolOverrides')
  })

  it("fail only the variant's own tasks for a bad entry, and name the variant and the field", () => {
    const settings = runtimeSettings(
      resolveOptions({ servers, variants: { broken: { servers: { fs: { comand: 'node' } } } } }),
      '/project',
      {},
      true,
    )
    expect(settings.servers.servers.fs).toBeDefined()
    expect(settings.variants[0]!.servers.servers.fs).toBeUndefined()
    expect(settings.variants[0]!.servers.invalid.fs).toMatch(/variants: \{ broken \}[\s\S]*"comand" \(did you mean "command"\?\)/)
  })

  it('refuse a variant naming a server the run does not configure, and a name no row could carry', () => {
    expect(() =>
      runtimeSettings(resolveOptions({ servers, variants: { v: { servers: { filesystem: { command: 'x' } } } } }), '/project'),
    ).toThrow(/variants\.v\.servers names "filesystem", which .* does not configure \(it has: math, fs\)/)
    expect(() => resolveOptions({ servers, variants: { 'no spaces': { servers: { fs: { command: 'x' } } } } })).toThrow(
      /variant names use letters/,
    )
    expect(() => resolveOptions({ servers, variants: { empty: { servers: {} } } })).toThrow(/a variant changes at least one server/)
  })

  it("turn a server off with `false`: gone from the variant's servers, listed as off, and no error", () => {
    const settings = runtimeSettings(resolveOptions({ servers, variants: { 'no-fs': { servers: { fs: false } } } }), '/project', {}, true)
    expect(RuntimeSettingsSchema.parse(settings)).toEqual(settings)
    expect(settings.variants[0]).toMatchObject({ name: 'no-fs', off: ['fs'] })
    expect(Object.keys(settings.variants[0]!.servers.servers)).toEqual(['math'])
    expect(settings.variants[0]!.servers.invalid).toEqual({})
  })

  it("redact the values behind a variant's own ${VAR}s", () => {
    const settings = runtimeSettings(
      resolveOptions({ servers, variants: { v: { servers: { fs: { command: 'node', env: { TOKEN: '${VARIANT_TOKEN}' } } } } } }),
      '/project',
    )
    const redactor = redactorFor(settings, { VARIANT_TOKEN: 'variant-only-secret-value' })
    expect(redactor.text('token variant-only-secret-value here')).not.toContain('variant-only-secret-value')
  })
})

describe('toolOverrides', () => {
  const tools = [
    { name: 'read', description: 'Read a file.', inputSchema: { type: 'object' as const } },
    { name: 'write', description: 'Write a file.', inputSchema: { type: 'object' as const } },
  ]

  it('replace the descriptions it names and leave the rest as the server says', () => {
    expect(withOverrides(tools, 'fs', { read: { description: 'Does a thing.' } })).toEqual([
      { name: 'read', description: 'Does a thing.', inputSchema: { type: 'object' } },
      tools[1],
    ])
    expect(withOverrides(tools, 'fs', undefined)).toBe(tools)
  })

  it('name the server and the tool when the server has no such tool', () => {
    expect(() => withOverrides(tools, 'fs', { raed: { description: 'x' } })).toThrow(ServerConfigError)
    expect(() => withOverrides(tools, 'fs', { raed: { description: 'x' } })).toThrow(
      /Server "fs": toolOverrides names "raed", which it does not have \(it has: read, write\)/,
    )
  })
})
