import type { ServerSession } from '../servers/hub.ts'
import type { TaskSpec } from '../../contracts/task-spec.ts'

/**
 * Reference calls that name a tool the task's servers do not have: a
 * mistake in the task (or a server that changed), found once the servers
 * are up. Such a task cannot be scored fairly, since the reference plan
 * would fail on it and the agent would be measured against a broken plan,
 * so it is a spec error naming the task's call, not the agent's failure.
 */
export function referenceToolProblem(spec: TaskSpec, session: Pick<ServerSession, 'catalog' | 'connections'>): string | undefined {
  const problems: string[] = []
  for (const call of spec.reference?.calls ?? []) {
    const entry = session.catalog.resolve(call.tool)
    if (entry && spec.servers.includes(entry.server) && (entry.name === call.tool || `${entry.server}.${entry.tool}` === call.tool))
      continue
    const dot = call.tool.indexOf('.')
    const server = dot > 0 ? call.tool.slice(0, dot) : undefined
    const connection = server ? session.connections.get(server) : undefined
    const why =
      !server || !spec.servers.includes(server)
        ? `it does not name one of the task's servers (${spec.servers.join(', ')}) as "server.tool"`
        : connection?.tools.some((t) => t.name === call.tool.slice(dot + 1))
          ? 'that tool is left out of the catalog (excludeTools)'
          : `server "${server}" has no such tool (it has: ${
              (connection?.tools ?? [])
                .map((t) => t.name)
                .slice(0, 20)
                .join(', ') || 'none'
            })`
    problems.push(`reference call "${call.id}" names ${call.tool}, but ${why}`)
  }
  return problems.length ? problems.join('; ') : undefined
}
