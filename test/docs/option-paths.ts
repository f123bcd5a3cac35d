/**
 * Every key a zod object schema accepts, at every depth (`judge.rubric.guidance`, `gate.maxDrop.passRate`), so a
 * test can check that the options reference documents each plugin option the schema takes.
 */

interface ZodLike {
  _zod?: { def?: Record<string, unknown> & { type?: string } }
}

export function optionPaths(schema: unknown, prefix = ''): string[] {
  const def = (schema as ZodLike)?._zod?.def
  if (!def) return []
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => [
        `${prefix}${key}`,
        ...optionPaths(value, `${prefix}${key}.`),
      ])
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      return optionPaths(def.innerType, prefix)
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap((o) => optionPaths(o, prefix)))]
    case 'array':
      return optionPaths(def.element, prefix)
    case 'pipe':
      return optionPaths(def.in, prefix)
    case 'record':
      // A record's keys are the user's (model ids, header names); its values' keys are options.
      return optionPaths(def.valueType, prefix)
    default:
      return []
  }
}
