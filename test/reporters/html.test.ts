import { expect, it } from 'vitest'
import { escape } from '../../reporters/html.ts'

it('escapes untrusted text for the HTML report', () => {
  expect(escape(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;')
})
