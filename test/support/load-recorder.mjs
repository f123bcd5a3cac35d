// Preloaded with `node --import`: appends the URL of every module Node loads to $LOAD_LOG,
// so a test can tell which modules an import really pulled in.
import { register } from 'node:module'

const hooks = `
import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (process.env.LOAD_LOG) appendFileSync(process.env.LOAD_LOG, url + '\\n')
  return next(url, context)
}
`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)
