import { LocalSlots } from '../../lib/local-slots.ts'
import type { Slots } from '../../contracts/slot-protocol.ts'
import { SlotClient } from './slot-client.ts'

// The test file, the agents and the judge are loaded by module runners that may each evaluate this module
// again (and again per file when isolated): the worker's one connection is kept on globalThis.
const KEY = Symbol.for('vitest-mcp-bench.slots')
type Holder = { slots?: Slots }
const holder = ((globalThis as Record<symbol, Holder>)[KEY] ??= {})

/** Points this process at the run's slot server (the address the plugin provides); the first call connects. */
export function useSlotServer(address: string | undefined): void {
  if (!address) return
  if (holder.slots instanceof SlotClient && holder.slots.address === address) return
  holder.slots = new SlotClient(address)
}

/** The pools this process draws from: the run's, when it has a slot server, else its own. */
export function slots(): Slots {
  return (holder.slots ??= new LocalSlots())
}
