// The wallet frame's page (service/frame/dist/, built by `npm run build`): what its index.html loads at
// once (the module script and every file it imports statically) and each chunk it loads later
// (the smart-account operations, viem's pieces), gzip level 9. Used by bench/size.mjs.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT, chunkKey, staticImportClosure } from './bundle-graph.mjs'

export const FRAME_DIST = join(ROOT, 'service/frame/dist')

const gzip = file => gzipSync(readFileSync(file), { level: 9 }).length

/** The frame's first load and lazy chunks; throws when service/frame/dist is missing. */
export function measureFrame(dist = FRAME_DIST) {
  const html = join(dist, 'index.html')
  if (!existsSync(html)) throw new Error('service/frame/dist/index.html is missing: run `npm run build` first.')
  const entries = [...readFileSync(html, 'utf8').matchAll(/<script type="module"[^>]*\ssrc="\.\/([^"]+)"/g)].map(
    match => join(dist, match[1])
  )
  if (entries.length === 0) throw new Error('service/frame/dist/index.html loads no module script')
  const closure = [...new Set(entries.flatMap(staticImportClosure))]
  const assets = join(dist, 'assets')
  const lazy = readdirSync(assets)
    .filter(name => name.endsWith('.js'))
    .map(name => join(assets, name))
    .filter(file => !closure.includes(file))
    .sort()
  const row = file => ({ fileName: relative(dist, file), gzip: gzip(file) })
  const files = closure.map(row)
  return {
    firstLoad: { gzip: files.reduce((sum, file) => sum + file.gzip, 0), files },
    lazy: lazy.map(file => ({ ...row(file), key: chunkKey(relative(dist, file)) }))
  }
}
