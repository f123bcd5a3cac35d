import { createHash } from 'node:crypto'

/**
 * The report's only script: the task table, drawn one page at a time from
 * the `#task-data` block (see task-table.ts), with filtering, searching and
 * sorting over all the tasks and a task's detail inserted when it is opened.
 * It is a constant, so no run output is ever code: what it inserts is the
 * HTML the report escaped on the server. The page's Content-Security-Policy
 * allows exactly this script (by its hash) and no network access at all.
 */
export const PAGE_SCRIPT = `(() => {
  'use strict'
  const table = document.getElementById('task-table')
  const form = document.getElementById('task-filters')
  const data = document.getElementById('task-data')
  if (!table || !form || !data) return
  const tasks = JSON.parse(data.textContent)
  const pageSize = Number(table.dataset.pageSize) || 100
  const columns = table.tHead.rows[0].cells.length
  const count = document.getElementById('task-count')
  const pager = document.getElementById('task-pages')
  const where = document.getElementById('task-page')
  const value = (name) => form.elements.namedItem(name).value

  // Search runs over what a reader sees of a task, its row and its detail: the HTML's text, tags dropped and
  // the escapes undone. Built on the first search, once.
  const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
  const plain = (html) => html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ENTITIES[e])
  let texts = null
  const textOf = (i) => {
    texts = texts || tasks.map((t) => plain(t.cells + ' ' + t.detail).toLowerCase())
    return texts[i]
  }

  function matches(i, words) {
    const t = tasks[i]
    if (value('status') && t.status !== value('status')) return false
    if (value('agent') && t.agent !== value('agent')) return false
    if (value('category') && t.category !== value('category')) return false
    if (value('tier') && t.tier !== value('tier')) return false
    if (value('server') && !t.servers.includes(value('server'))) return false
    return words.every((w) => textOf(i).includes(w))
  }

  let order = tasks.map((_, i) => i) // every task, in the current sort order
  let shown = order // the ones the filters let through
  let page = 0
  const open = new Set() // tasks whose detail is open, kept across pages

  // An input's change event follows its input events (on blur, say by a click on a row): an unchanged filter
  // does not redraw, or the row under that click would be replaced before the click lands.
  const FILTERS = ['status', 'agent', 'category', 'server', 'tier', 'q']
  let applied = null
  function onFilter() {
    const now = JSON.stringify(FILTERS.map(value))
    if (now !== applied) filter()
  }

  function filter() {
    applied = JSON.stringify(FILTERS.map(value))
    const words = value('q').trim().toLowerCase().split(/\\s+/).filter(Boolean)
    shown = order.filter((i) => matches(i, words))
    page = 0
    draw()
  }

  function draw() {
    const pages = Math.max(1, Math.ceil(shown.length / pageSize))
    page = Math.min(Math.max(page, 0), pages - 1)
    for (const body of Array.from(table.tBodies)) body.remove()
    const rows = document.createDocumentFragment()
    for (const i of shown.slice(page * pageSize, (page + 1) * pageSize)) rows.appendChild(taskBody(i))
    table.appendChild(rows)
    count.textContent = shown.length + ' of ' + tasks.length + ' tasks'
    const first = shown.length ? page * pageSize + 1 : 0
    where.textContent = 'page ' + (page + 1) + ' of ' + pages + ' (rows ' + first + '–' + Math.min(shown.length, (page + 1) * pageSize) + ')'
    for (const button of pager.querySelectorAll('button')) {
      const back = button.dataset.page === 'first' || button.dataset.page === 'previous'
      button.disabled = back ? page === 0 : page === pages - 1
    }
  }

  function taskBody(i) {
    const t = tasks[i]
    const body = document.createElement('tbody')
    body.classList.add('task', t.status)
    body.dataset.index = String(i)
    const row = body.insertRow()
    row.className = 'summary'
    row.innerHTML = '<td><button type="button" class="expand" aria-expanded="false" title="show the trajectory">▸</button></td>' + t.cells
    row.querySelector('button.expand').setAttribute('aria-controls', 'detail-' + i)
    if (open.has(i)) expand(body, true)
    return body
  }

  // A detail is built the first time its row opens, never for rows nobody opens.
  function expand(body, show) {
    const i = Number(body.dataset.index)
    let detail = body.rows[1]
    if (show && !detail) {
      detail = body.insertRow()
      detail.className = 'detail'
      detail.id = 'detail-' + i
      const cell = detail.insertCell()
      cell.colSpan = columns
      cell.innerHTML = '<div class="detail-body">' + tasks[i].detail + '</div>'
    }
    if (detail) detail.hidden = !show
    const button = body.rows[0].querySelector('button.expand')
    button.setAttribute('aria-expanded', String(show))
    button.textContent = show ? '▾' : '▸'
    if (show) open.add(i)
    else open.delete(i)
  }

  form.addEventListener('input', onFilter)
  form.addEventListener('change', onFilter)
  form.addEventListener('submit', (event) => event.preventDefault())

  pager.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-page]')
    if (!button) return
    const last = Math.ceil(shown.length / pageSize) - 1
    page = { first: 0, previous: page - 1, next: page + 1, last }[button.dataset.page]
    draw()
    table.scrollIntoView({ block: 'start' })
  })

  // Sorting: by the clicked column, then again the other way; missing numbers always last; ties keep the first order.
  const collator = new Intl.Collator()
  let sorted = { col: null, dir: 1 }
  for (const th of table.tHead.querySelectorAll('th[data-sort]')) {
    th.querySelector('button').addEventListener('click', () => {
      const col = Number(th.dataset.col)
      sorted = { col, dir: sorted.col === col ? -sorted.dir : 1 }
      const numeric = th.dataset.sort === 'num'
      const key = (i) => tasks[i].keys[col - 1]
      order = tasks.map((_, i) => i).sort((a, b) => {
        const x = key(a)
        const y = key(b)
        if (x === null || y === null) return (x === null) - (y === null) || a - b
        const c = numeric ? x - y : collator.compare(x, y)
        return c * sorted.dir || a - b
      })
      for (const other of table.tHead.querySelectorAll('th[data-sort]')) other.removeAttribute('aria-sort')
      th.setAttribute('aria-sort', sorted.dir === 1 ? 'ascending' : 'descending')
      filter()
    })
  }

  // Expanding: the row's button, or a click anywhere on the summary row.
  table.addEventListener('click', (event) => {
    const row = event.target.closest('tr.summary')
    if (!row || event.target.closest('a, select, input')) return
    expand(row.parentElement, row.querySelector('button.expand').getAttribute('aria-expanded') !== 'true')
  })

  // A link to one task (report.html#task-…, as a test's annotation in Vitest's UI gives it): that task alone, opened.
  function openLinked() {
    const i = tasks.findIndex((t) => '#' + t.anchor === location.hash)
    if (i < 0) return
    for (const name of FILTERS) form.elements.namedItem(name).value = ''
    filter()
    page = Math.floor(shown.indexOf(i) / pageSize)
    open.add(i)
    draw()
    const body = table.querySelector('tbody[data-index="' + i + '"]')
    if (body) body.scrollIntoView({ block: 'start' })
  }
  window.addEventListener('hashchange', openLinked)

  filter()
  openLinked()
})()`

/** The CSP source that allows PAGE_SCRIPT and nothing else. */
export const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT, 'utf8').digest('base64')}'`
