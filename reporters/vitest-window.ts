/**
 * Vitest's default reporter, on a terminal, keeps a status window at the
 * bottom of the screen (running files, test counts, duration) and redraws it
 * in place; everything else written to stdout or stderr meanwhile is held
 * and printed above the window. Drawing a second window of our own would
 * fight those redraws (each would erase the other's lines), and writing
 * through the logger would scroll a new copy per update. So the progress
 * block joins Vitest's window instead: the window's content function gets
 * our lines appended, and Vitest draws them with its own, at its own pace.
 *
 * Vitest has no public hook for this. The reporter's window lives on
 * `summary` (default and verbose reporters) and is drawn from
 * `createSummary()` by a `renderer` with `schedule()`; the dot reporter draws
 * its own from `createSummary()` too. Both are checked by shape, and when
 * neither is found (no terminal, CI, another reporter, a Vitest that changed)
 * there is no window to join and the caller logs lines instead.
 */

export interface VitestWindow {
  /** Asks Vitest to redraw its window soon (it batches redraws). */
  redraw(): void
}

interface WindowOwner {
  createSummary: (...args: unknown[]) => string[]
  renderer?: { schedule?: () => void }
}

const JOINED = Symbol.for('vitest-mcp-bench.window-joined')

function windowOwner(reporter: unknown): WindowOwner | null {
  const r = reporter as { summary?: unknown; createSummary?: unknown; renderer?: unknown } | null
  const candidate = (r?.summary ?? (r?.renderer ? r : null)) as Partial<WindowOwner> | null
  return candidate && typeof candidate.createSummary === 'function' ? (candidate as WindowOwner) : null
}

/** Appends `lines()` to the first Vitest reporter window found; null when there is none. */
export function joinVitestWindow(reporters: readonly unknown[], lines: () => string[]): VitestWindow | null {
  for (const reporter of reporters) {
    const owner = windowOwner(reporter)
    if (!owner) continue
    const tagged = owner as WindowOwner & { [JOINED]?: () => string[] }
    // A watch-mode rerun joins again: replace our lines rather than add a second copy.
    if (!tagged[JOINED]) {
      const original = owner.createSummary
      owner.createSummary = function (this: unknown, ...args: unknown[]) {
        return [...original.apply(this, args), ...(tagged[JOINED]?.() ?? [])]
      }
    }
    tagged[JOINED] = lines
    return { redraw: () => owner.renderer?.schedule?.() }
  }
  return null
}
