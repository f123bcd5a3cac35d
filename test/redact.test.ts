import { describe, expect, it } from 'vitest'
import { createRedactor, keySecrets, redactShared, referencedSecrets } from '../src/lib/redact.ts'

describe('redaction', () => {
  it('replaces known secret values, naming where they came from', () => {
    const r = createRedactor([{ value: 'tok_4f9a1c2e77', label: 'MY_TOKEN' }])
    expect(r.text('node srv.js --api-key=tok_4f9a1c2e77 failed')).toBe('node srv.js --api-key=[redacted:MY_TOKEN] failed')
  })

  it('removes credential-shaped text a provider echoes back', () => {
    const r = createRedactor([])
    expect(r.text('401 Incorrect API key provided: sk-proj-abcdef123456.')).toBe('401 Incorrect API key provided: sk-[redacted].')
    expect(r.text('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.x')).toBe('Authorization: Bearer [redacted]')
    expect(r.text('GET https://alice:s3cret99@example.com/mcp')).toBe('GET https://[redacted]@example.com/mcp')
    expect(r.text('{"api_key": "abcd1234efgh"}')).toBe('{"api_key": "[redacted]"}')
  })

  it('replaces a secret also as JSON-escaped, URL-encoded and base64 text, saying which', () => {
    const r = createRedactor([{ value: 'pa"ss/w0rd+x', label: 'PW' }])
    const b64 = Buffer.from('pa"ss/w0rd+x').toString('base64')
    expect(r.text(`{"p":"pa\\"ss/w0rd+x"} ?pw=${encodeURIComponent('pa"ss/w0rd+x')} auth=${b64}`)).toBe(
      '{"p":"[redacted:PW]"} ?pw=[redacted:PW url-encoded] auth=[redacted:PW base64]',
    )
  })

  it('lists the secrets too short to redact, so the run can warn about them', () => {
    const r = createRedactor([
      { value: 'abc', label: 'SHORT' },
      { value: 'long-enough', label: 'LONG' },
    ])
    expect(r.tooShort).toEqual([{ value: 'abc', label: 'SHORT' }])
    expect(r.secrets).toEqual([{ value: 'long-enough', label: 'LONG' }])
    expect(r.text('abc long-enough')).toBe('abc [redacted:LONG]')
  })

  it('finds every credential shape whatever its case (the quick pre-check lets none through)', () => {
    const { text } = createRedactor([])
    const cases = [
      'SK-abcdefgh12'.toLowerCase(),
      'BEARER abcdefgh12',
      'Basic dXNlcjpwYXNz',
      'TOKEN abcdefgh12',
      'HTTPS://user:pw@host/x',
      'API-KEY: abcdefgh',
      'Access_Token=abcdefghi',
      'SECRET: "abcdefg"',
      'PassWord=hunter22',
    ]
    for (const value of cases) expect(text(value), value).toContain('[redacted')
    expect(text('The sums are 5 and 6.')).toBe('The sums are 5 and 6.')
  })

  it('leaves short and ordinary values alone', () => {
    const r = createRedactor([{ value: '1', label: 'DEBUG' }])
    expect(r.text('took 1 ms; the skeleton key is fine')).toBe('took 1 ms; the skeleton key is fine')
  })

  it('redacts every string of nested data and keeps the rest', () => {
    const r = createRedactor([{ value: 'hunter2-secret', label: 'PW' }])
    expect(r.deep({ a: ['x hunter2-secret', 3, null], b: { c: true, d: 'hunter2-secret' } })).toEqual({
      a: ['x [redacted:PW]', 3, null],
      b: { c: true, d: '[redacted:PW]' },
    })
  })

  it('redacts nested data sharing what holds no secret, with the same result as the deep copy', () => {
    const r = createRedactor([{ value: 'hunter2-secret', label: 'PW' }])
    const clean = { c: true, list: [1, 'two', { three: 3 }] }
    const data = { a: ['x hunter2-secret', 3, null], b: { c: true, d: 'hunter2-secret' }, clean, none: undefined }
    const out = redactShared(data, r.text)
    expect(JSON.stringify(out)).toBe(JSON.stringify(r.deep(data)))
    expect(out).toEqual(r.deep(data))
    // Only the path to a changed string is copied; the rest is the data that came in, which is left as it was.
    expect(out).not.toBe(data)
    expect(out.clean).toBe(clean)
    expect(data.a[0]).toBe('x hunter2-secret')
    expect(data.b.d).toBe('hunter2-secret')
    expect(redactShared(clean, r.text)).toBe(clean)
  })

  it('finds the values of the variables a config refers to, and the key variables in use', () => {
    const env = {
      MY_TOKEN: 'tok_4f9a1c2e77',
      OTHER: 'unused-value',
      OPENAI_API_KEY: 'sk-live-0123456789',
      MCP_BENCH_JUDGE_HEADERS: '{"x-api-key":"judge-header-secret"}',
    }
    expect(referencedSecrets({ args: ['--api-key=${MY_TOKEN}', '${TASK_DIR}'], env: { A: '${env:MISSING}' } }, env)).toEqual([
      { value: 'tok_4f9a1c2e77', label: 'MY_TOKEN' },
    ])
    expect(keySecrets(env).map((s) => s.label)).toEqual(['OPENAI_API_KEY', 'judge header x-api-key'])
  })
})
