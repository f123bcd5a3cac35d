import { createHash } from 'node:crypto'

/**
 * The report's only script: sorting, filtering and expanding the task
 * table. It is a constant, so no run output ever reaches a script; it reads
 * the table's `data-` attributes and text through the DOM. The page's
 * Content-Security-Policy allows exactly this script (by its hash) and no
 * network access at all.
 */
export const PAGE_SCRIPT = `(() => {
  'use strict'
  const table = document.getElementById('task-table')
  const form = document.getElementById('task-filters')
  if (!table || !form) return
  const bodies = Array.from(table.tBodies)
  const count = document.getElementById('task-count')
  const lowered = new Map()
  const textOf = (body) => {
    if (!lowered.has(body)) lowered.set(body, body.textContent.toLowerCase())
    return lowered.get(body)
  }
  const value = (name) => form.elements.namedItem(name).value

  function matches(body) {
    const d = body.dataset
    if (value('status') && d.status !== value('status')) return false
    if (value('agent') && d.agent !== value('agent')) return false
    if (value('category') && d.category !== value('category')) return false
    if (value('tier') && d.tier !== value('tier')) return false
    if (value('server') && !JSON.parse(d.servers).includes(value('server'))) return false
    const words = value('q').trim().toLowerCase().split(/\\s+/).filter(Boolean)
    return words.every((w) => textOf(body).includes(w))
  }

  function filter() {
    let shown = 0
    for (const body of bodies) {
      const show = matches(body)
      body.hidden = !show
      if (show) shown++
    }
    count.textContent = shown + ' of ' + bodies.length + ' tasks'
  }
  form.addEventListener('input', filter)
  form.addEventListener('change', filter)
  form.addEventListener('submit', (event) => event.preventDefault())

  // Sorting: by the clicked column, then again the other way; missing numbers always last; ties keep the first order.
  const first = new Map(bodies.map((body, i) => [body, i]))
  let sorted = { col: null, dir: 1 }
  for (const th of table.tHead.querySelectorAll('th[data-sort]')) {
    th.querySelector('button').addEventListener('click', () => {
      const col = Number(th.dataset.col)
      sorted = { col, dir: sorted.col === col ? -sorted.dir : 1 }
      const numeric = th.dataset.sort === 'num'
      const key = (body) => body.rows[0].cells[col].dataset.v
      const ordered = bodies.slice().sort((a, b) => {
        const x = key(a)
        const y = key(b)
        if (x === '' || y === '') return (x === '') - (y === '') || first.get(a) - first.get(b)
        const c = numeric ? Number(x) - Number(y) : x.localeCompare(y)
        return c * sorted.dir || first.get(a) - first.get(b)
      })
      for (const body of ordered) table.appendChild(body)
      for (const other of table.tHead.querySelectorAll('th[data-sort]')) other.removeAttribute('aria-sort')
      th.setAttribute('aria-sort', sorted.dir === 1 ? 'ascending' : 'descending')
    })
  }

  // Expanding: the row's button, or a click anywhere on the summary row.
  table.addEventListener('click', (event) => {
    const row = event.target.closest('tr.summary')
    if (!row || event.target.closest('a, select, input')) return
    const button = row.querySelector('button.expand')
    const detail = document.getElementById(button.getAttribute('aria-controls'))
    const open = button.getAttribute('aria-expanded') !== 'true'
    button.setAttribute('aria-expanded', String(open))
    button.textContent = open ? '▾' : '▸'
    detail.hidden = !open
  })
})()`

/** The CSP source that allows PAGE_SCRIPT and nothing else. */
export const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT, 'utf8').digest('base64')}'`
