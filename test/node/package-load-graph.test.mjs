// What an app's bundler evaluates at load when it imports the built package: the static import
// graph of dist/index.js and dist/react/index.js (issue 9: the connection code arrives when the
// browser is idle, so no entry may import it statically). Runs against the built package.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { firstLoadClosure, readChunkGraph, staticImportClosure } from '../../bench/bundle-graph.mjs'

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

/** The files of dist/ that `entry` imports statically, transitively, relative to dist/. */
function staticGraph(entry) {
  return staticImportClosure(join(DIST, entry)).map(file => relative(DIST, file))
}

/** Modules that load on the way to a connection, never at load. */
const CONNECTION_CODE = [
  'stores/connect/connection.js',
  'stores/connect/sessions.js',
  'stores/connect/walletconnect-session.js',
  'stores/account/account-details.js'
]

for (const entry of ['index.js', 'react/index.js']) {
  test(`importing dist/${entry} evaluates no connection code at load`, () => {
    assert.ok(existsSync(join(DIST, entry)), `dist/${entry} is missing: run \`npm run build\` first`)
    const graph = staticGraph(entry)
    assert.ok(graph.includes('stores/modal.js'), `the walk follows imports (${graph.length} files)`)
    assert.deepEqual(
      CONNECTION_CODE.filter(module => graph.includes(module)),
      [],
      'connection code in the static graph'
    )
  })
}

// Issue 35: the script-tag build's static first load (dist/appkit-elements.js and the chunks it
// imports statically) holds only what the entry imports statically, and only the options schema's
// zod. The bundler places a module shared by the entry and a lazy chunk in the first load's chunks,
// and zod's files are modules whose code is whatever any importer uses of them: a lazy flow's schema
// reaching zod's first-load copy would carry its zod into the first load.

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The kit's modules whose zod is the first load's (vite.script-tag.config.ts, FIRST_LOAD_ZOD_IMPORTERS). */
const FIRST_LOAD_ZOD_IMPORTERS = ['src/config/options.ts', 'src/networks/types.ts']

/** Relative specifiers a source module imports as values (type-only imports and import() left out). */
function valueImports(code) {
  const statements = code.matchAll(
    /(?:^|\n)\s*(import|export)(\s+type\b)?\s*(?:[\w*{}\s,$]+?\s+from\s*)?['"]([^'"]+)['"]/g
  )
  return [...statements].filter(([, , typeOnly]) => !typeOnly).map(([, , , specifier]) => specifier)
}

/** The source modules (paths from the repository root) `entry` imports statically, transitively. */
function sourceStaticClosure(entry) {
  const seen = new Set()
  const stack = [entry]
  while (stack.length > 0) {
    const module = stack.pop()
    if (seen.has(module)) continue
    seen.add(module)
    for (const specifier of valueImports(readFileSync(join(ROOT, module), 'utf8'))) {
      if (!specifier.startsWith('.')) continue
      const target = relative(ROOT, join(dirname(join(ROOT, module)), specifier)).replace(/\.js$/, '.ts')
      if (existsSync(join(ROOT, target))) stack.push(target)
    }
  }
  return seen
}

/** The script-tag first load's source modules, read from the build's module lists. */
function scriptTagFirstLoad() {
  const graph = readChunkGraph()
  const closure = firstLoadClosure(graph)
  return { graph, closure, modules: closure.flatMap(fileName => graph.get(fileName).modules) }
}

test('the script-tag first load holds no module of a lazy flow: only what src/script-tag.ts imports statically (issue 35)', () => {
  const { modules } = scriptTagFirstLoad()
  const needed = sourceStaticClosure('src/script-tag.ts')
  assert.ok(needed.has('src/config/options.ts'), `the source walk follows imports (${needed.size} modules)`)
  const kitModules = modules.filter(module => module.startsWith('src/'))
  assert.ok(kitModules.includes('src/stores/modal.ts'), `the build's module list is read (${kitModules.length})`)
  assert.deepEqual(
    kitModules.filter(module => !needed.has(module)),
    [],
    "modules in the first load's chunks that the entry does not import statically (a lazy flow's)"
  )
})

test("zod: the first load holds only the options schema's zod; lazy flows' zod is the lazy copy in its own chunk (issue 35)", () => {
  const { graph, closure, modules } = scriptTagFirstLoad()
  assert.deepEqual(
    modules.filter(module => module.startsWith('zod-lazy:')),
    [],
    "the lazy flows' zod in the first load's chunks"
  )
  const lazyZodChunks = [...graph.values()].filter(
    chunk => !closure.includes(chunk.fileName) && chunk.modules.some(module => module.startsWith('zod-lazy:'))
  )
  assert.ok(
    lazyZodChunks.some(chunk =>
      chunk.modules.some(module => module.startsWith('zod-lazy:') && module.endsWith('/zod/v4/core/schemas.js'))
    ),
    "no lazy chunk holds the lazy flows' copy of zod's schemas: their zod is the first load's"
  )
  const needed = sourceStaticClosure('src/script-tag.ts')
  const zodImporters = [...needed].filter(module =>
    valueImports(readFileSync(join(ROOT, module), 'utf8')).some(
      specifier => specifier === 'zod' || specifier.startsWith('zod/')
    )
  )
  assert.deepEqual(
    zodImporters.filter(module => !FIRST_LOAD_ZOD_IMPORTERS.includes(module)).sort(),
    [],
    'first-load modules importing zod besides the options schema'
  )
})
