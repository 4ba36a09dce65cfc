// What the script-tag build put in which file, read from the module lists that
// vite.script-tag.config.ts writes to dist/.vite/ (Rolldown's chunk info: every chunk's static and
// dynamic imports and the source modules inside it). Shared by bench/size.mjs and test/e2e/.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DIST = join(ROOT, 'dist')
export const ENTRY = 'appkit-elements.js'
export const CLASSIC = 'appkit-elements.classic.js'

/** Source modules that must never be part of the first load: views, and heavy chain code. */
export const FORBIDDEN_IN_FIRST_LOAD = [
  { pattern: /(^|\/)src\/elements\/views\/([^/]+\/)?w3m-[^/]*-view\.ts$/, why: 'a view (views load on first show)' },
  { pattern: /(^|\/)node_modules\/viem\//, why: 'viem (loads when an EVM flow needs it)' },
  { pattern: /(^|\/)node_modules\/@solana\/web3\.js\//, why: '@solana/web3.js (loads when a Solana flow needs it)' },
  {
    pattern: /(^|\/)node_modules\/@walletconnect\//,
    why: 'the WalletConnect SDK (loads when a visitor uses WalletConnect)'
  }
]

/** Throws a clear error when `npm run build` has not run (or did not finish). */
export function assertBuilt(dist = DIST) {
  const needed = [
    ENTRY,
    CLASSIC,
    '.vite/appkit-elements.modules.json',
    '.vite/appkit-elements.classic.modules.json',
    'index.js',
    'react/index.js'
  ]
  const missing = needed.filter(file => !existsSync(join(dist, file)))
  if (missing.length > 0) {
    throw new Error(
      `The build is missing (${missing.map(file => `dist/${file}`).join(', ')}): run \`npm run build\` first.`
    )
  }
}

/** The chunk graph of dist/appkit-elements.js: Map fileName -> { imports, dynamicImports, modules, ... }. */
export function readChunkGraph(dist = DIST) {
  assertBuilt(dist)
  const { chunks } = JSON.parse(readFileSync(join(dist, '.vite/appkit-elements.modules.json'), 'utf8'))
  return new Map(chunks.map(chunk => [chunk.fileName, chunk]))
}

/** The entry and every chunk it imports statically, transitively: what a page loads before any view. */
export function firstLoadClosure(graph, entry = ENTRY) {
  const seen = new Set()
  const visit = fileName => {
    if (seen.has(fileName)) return
    const chunk = graph.get(fileName)
    if (!chunk)
      throw new Error(`dist/${fileName} is imported but not in the module list: rebuild with \`npm run build\`.`)
    seen.add(fileName)
    for (const imported of chunk.imports) visit(imported)
  }
  visit(entry)
  return [...seen]
}

/** Forbidden source modules found in the first load, with the file that carries each. */
export function forbiddenInFirstLoad(graph, closure = firstLoadClosure(graph)) {
  const found = []
  for (const fileName of closure) {
    for (const module of graph.get(fileName).modules) {
      const rule = FORBIDDEN_IN_FIRST_LOAD.find(({ pattern }) => pattern.test(module))
      if (rule) found.push({ fileName, module, why: rule.why })
    }
  }
  return found
}

/** gzip size in bytes (level 9) of a file under dist/. */
export function gzipBytes(fileName, dist = DIST) {
  return gzipSync(readFileSync(join(dist, fileName)), { level: 9 }).length
}

/** `chunks/w3m-connect-view-DL_XPCYR.js` -> `chunks/w3m-connect-view`: a chunk's name without its hash. */
export function chunkKey(fileName) {
  return fileName.replace(/-[A-Za-z0-9_-]{8}\.js$/, '').replace(/\.js$/, '')
}

/**
 * The built files `entry` (an absolute path) imports statically, transitively, read from their
 * code: relative `import`/`export ... from` only (dynamic import() and bare packages left out), itself first.
 */
export function staticImportClosure(entry) {
  const seen = []
  const stack = [entry]
  while (stack.length > 0) {
    const file = stack.pop()
    if (seen.includes(file)) continue
    seen.push(file)
    const code = readFileSync(file, 'utf8')
    for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g)) {
      const target = join(dirname(file), match[1])
      if (existsSync(target)) stack.push(target)
    }
  }
  return seen
}
