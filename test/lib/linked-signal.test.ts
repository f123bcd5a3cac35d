import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { linkedSignal } from '../../src/lib/linked-signal.ts'

describe('linkedSignal', () => {
  it('aborts with the reason of whichever parent aborts first, and then no longer listens to either', () => {
    const a = new AbortController()
    const b = new AbortController()
    const linked = linkedSignal([a.signal, undefined, b.signal])
    expect(linked.signal.aborted).toBe(false)
    b.abort(new Error('b went first'))
    expect((linked.signal.reason as Error).message).toBe('b went first')
    expect(getEventListeners(a.signal, 'abort')).toHaveLength(0)
    a.abort(new Error('a later'))
    expect((linked.signal.reason as Error).message).toBe('b went first')
  })

  it('is aborted from the start when a parent already is', () => {
    const a = new AbortController()
    const b = new AbortController()
    b.abort('gone')
    const linked = linkedSignal([a.signal, b.signal])
    expect(linked.signal.aborted).toBe(true)
    expect(linked.signal.reason).toBe('gone')
    expect(getEventListeners(a.signal, 'abort')).toHaveLength(0)
  })

  it('leaves nothing on a parent once released or aborted on its own, so a task signal does not collect one per call', () => {
    const task = new AbortController()
    for (let i = 0; i < 1_000; i++) {
      const call = linkedSignal([task.signal])
      expect(getEventListeners(task.signal, 'abort')).toHaveLength(1)
      if (i % 2) call.release()
      else call.abort(new Error('done'))
    }
    expect(getEventListeners(task.signal, 'abort')).toHaveLength(0)
    const released = linkedSignal([task.signal])
    released.release()
    task.abort(new Error('too late'))
    expect(released.signal.aborted).toBe(false)
  })

  it('aborts on its own with the reason given, or the standard AbortError when none is', () => {
    const linked = linkedSignal([new AbortController().signal])
    linked.abort()
    expect((linked.signal.reason as Error).name).toBe('AbortError')
    const timed = linkedSignal([])
    timed.abort(new Error('agent timed out'))
    expect((timed.signal.reason as Error).message).toBe('agent timed out')
  })
})
