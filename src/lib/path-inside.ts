import { isAbsolute, relative, sep } from 'node:path'

/** True when `path` is `dir` or lies below it, lexically (resolve links first where they matter). A name like `..x` is inside. */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}
