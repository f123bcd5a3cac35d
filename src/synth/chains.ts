import { createRng, shuffled } from '../lib/random.ts'
import type { ToolLink, ToolProfile } from './links.ts'

/**
 * Candidate dependency chains: two or three tools where each one's output can
 * feed the next one's input (MCP-Bench's "dependency chain discovery"). A
 * chain is a scaffold for the model, not a plan: the model may add parallel
 * calls around it. Chains stay within one server or cross the servers given;
 * the servers a chain touches are its combination, and the tasks written
 * from it go in that combination's file.
 */
export interface Chain {
  /** `a.x > b.y > c.z`: unique among the chains of a run. */
  key: string
  tools: string[]
  /** The servers the chain touches, in the order the user named them. */
  servers: string[]
  links: ToolLink[]
  score: number
}

/** Chains kept per combination before selection; the rest are weaker duplicates of the same ideas. */
const MAX_PER_COMBINATION = 200
/**
 * A chain of three tools is a harder task than one of two: this much is added
 * to its score, when every link is better than "a number fits a number" (a
 * temperature fed on into a force converter makes a longer chain, not a task).
 */
const LENGTH_BONUS = 0.25
const BONUS_MIN_WEIGHT = 1
/** How much weaker than the strongest remaining chain a chain may be and still be picked for variety. */
const VARIETY_MARGIN = 0.5

function chainOf(links: ToolLink[], serverOrder: readonly string[], serverOf: ReadonlyMap<string, string>): Chain {
  const tools = [links[0]!.from, ...links.map((l) => l.to)]
  const used = new Set(tools.map((t) => serverOf.get(t)!))
  const mean = links.reduce((n, l) => n + l.weight, 0) / links.length
  return {
    key: tools.join(' > '),
    tools,
    servers: serverOrder.filter((s) => used.has(s)),
    links,
    score: Math.round((mean + (links.every((l) => l.weight >= BONUS_MIN_WEIGHT) ? LENGTH_BONUS * (links.length - 1) : 0)) * 1000) / 1000,
  }
}

/** Every chain of two or three distinct tools along the links, strongest first within each combination. */
export function findChains(tools: readonly ToolProfile[], links: readonly ToolLink[], serverOrder: readonly string[]): Chain[] {
  const serverOf = new Map(tools.map((t) => [t.ref, t.server]))
  const outgoing = new Map<string, ToolLink[]>()
  for (const link of links) outgoing.set(link.from, [...(outgoing.get(link.from) ?? []), link])
  const chains: Chain[] = []
  for (const first of links) {
    chains.push(chainOf([first], serverOrder, serverOf))
    for (const second of outgoing.get(first.to) ?? []) {
      if (second.to !== first.from) chains.push(chainOf([first, second], serverOrder, serverOf))
    }
  }
  const groups = groupBy(chains)
  return [...groups.values()].flatMap((group) => [...group].sort(byScore).slice(0, MAX_PER_COMBINATION))
}

function byScore(a: Chain, b: Chain): number {
  return b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
}

/** The combination a chain belongs to: its servers joined by `+`. */
export function combinationOf(servers: readonly string[]): string {
  return servers.join('+')
}

function groupBy(chains: readonly Chain[]): Map<string, Chain[]> {
  const groups = new Map<string, Chain[]>()
  for (const chain of chains) {
    const key = combinationOf(chain.servers)
    groups.set(key, [...(groups.get(key) ?? []), chain])
  }
  return groups
}

/**
 * The chains to try, in the order to try them: combinations take turns
 * (those crossing the most servers first, as MCP-Bench stresses cross-server
 * work), and within a combination the strongest chain goes first, preferring,
 * among chains nearly as strong, one that starts from a tool no earlier pick
 * started from, then one whose first link is new, so the tasks differ. Chains
 * of equal score are ordered by the seed.
 */
export function selectChains(chains: readonly Chain[], limit: number, seed: number, serverOrder: readonly string[]): Chain[] {
  const groups = [...groupBy(chains)].map(([combination, group]) => ({
    combination,
    servers: group[0]!.servers,
    queue: shuffled(group, createRng(`${seed}:${combination}`)).sort((a, b) => b.score - a.score),
    usedStarts: new Set<string>(),
    usedFirstLinks: new Set<string>(),
  }))
  const rank = (servers: readonly string[]) => servers.map((s) => String(serverOrder.indexOf(s)).padStart(3, '0')).join(',')
  groups.sort((a, b) => b.servers.length - a.servers.length || (rank(a.servers) < rank(b.servers) ? -1 : 1))
  const picked: Chain[] = []
  while (picked.length < limit && groups.some((g) => g.queue.length > 0)) {
    for (const group of groups) {
      if (picked.length >= limit || group.queue.length === 0) continue
      const firstLink = (c: Chain) => c.tools.slice(0, 2).join(' > ')
      // Variety is worth a little strength, not much: only chains close to the best remaining compete on it.
      const close = (c: Chain) => c.score >= group.queue[0]!.score - VARIETY_MARGIN
      const newStart = group.queue.findIndex((c) => close(c) && !group.usedStarts.has(c.tools[0]!))
      const newLink = group.queue.findIndex((c) => close(c) && !group.usedFirstLinks.has(firstLink(c)))
      const [chain] = group.queue.splice(newStart !== -1 ? newStart : newLink !== -1 ? newLink : 0, 1)
      group.usedStarts.add(chain!.tools[0]!)
      group.usedFirstLinks.add(firstLink(chain!))
      picked.push(chain!)
    }
  }
  return picked
}
