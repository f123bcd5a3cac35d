import { expect, it } from 'vitest'
import { escapeHtml } from '../../src/text.ts'

it('escapes untrusted text for the HTML reports', () => {
  expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;')
})
