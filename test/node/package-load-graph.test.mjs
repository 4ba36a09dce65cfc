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
const FIRST_LOAD_ZOD_IMPORTERS = ['src/config/options.ts', 'src/utils/zod-checks.ts', 'src/networks/types.ts']

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

// Issue 35, the "Done" rule: no module of a lazy flow in the static first load, by name, whatever
// the entry imports (the walk above accepts anything the entry imports statically; these lists do not).

/** The five opener views (src/elements/views/opener-views.ts): the only views a page may fetch before the click. */
const OPENER_VIEWS = [
  'connect/w3m-connect-view',
  'account/w3m-account-view',
  'connect/w3m-all-wallets-view',
  'connect/w3m-connecting-wallet-connect-basic-view',
  'networks/w3m-networks-view'
]

/**
 * The stores the shell needs at load (src/stores/, without extension); every other store is a flow's
 * and loads with it. set-providers and connection-state reach the package's entries only (the
 * public setOnrampProviders, whose store loads on call; React's useAppKitAccount reads the atom).
 */
const SHELL_STORES = [
  'account',
  'initialize',
  'locale',
  'modal',
  'network',
  'open-view',
  'options',
  'public-state',
  'router-state',
  'siwx/state',
  'theme',
  'toast-state',
  'wallet-providers'
]
const PACKAGE_ENTRY_STORES = ['onramp/set-providers', 'connect/connection-state']

/** Why `module` (a path from the repository root, src/ .ts or dist/ .js, or a package) must stay out of the first load; null when it may be in. */
function lazyFlowModule(module, allowedStores = SHELL_STORES) {
  const kit = module.match(/^(?:src|dist)\/(.+)\.[jt]s$/)?.[1]
  if (kit) {
    const view = kit.match(/^elements\/views\/(.+)$/)?.[1]
    if (view && view !== 'opener-views' && !OPENER_VIEWS.some(opener => view === opener || view === `${opener}.styles`))
      return 'a view other than the five opener views, or a view part (views load on first show)'
    const store = kit.match(/^stores\/(.+)$/)?.[1]
    if (store && !allowedStores.includes(store)) return "a flow's store (loads with its flow)"
    if (/^connectors\/walletconnect\//.test(kit))
      return 'the WalletConnect connector (loads when a visitor uses WalletConnect)'
    if (/^adapters\/bitcoin\/(?!index$)/.test(kit)) return "the Bitcoin adapter's connectors (load on first use)"
    return null
  }
  const name = module.replace(/^.*node_modules\//, '')
  if (/^viem(\/|$)/.test(name)) return 'viem (loads when an EVM flow needs it)'
  if (/^@solana\/web3\.js(\/|$)/.test(name)) return '@solana/web3.js (loads when a Solana flow needs it)'
  if (/^@(scure|noble)\//.test(name)) return '@scure/@noble cryptography (loads with the chain code that needs it)'
  if (/^@walletconnect\//.test(name)) return 'the WalletConnect SDK (loads when a visitor uses WalletConnect)'
  return null
}

/** The bare packages `file` (under dist/) imports statically. */
function bareStaticImports(file) {
  const code = readFileSync(join(DIST, file), 'utf8')
  const found = code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^."'][^"']*)["']/g)
  return [...found].map(([, specifier]) => specifier)
}

test('no module of a lazy flow in the script-tag first load: views but the openers, flow stores, chain code, the WalletConnect SDK (issue 35)', () => {
  const { modules } = scriptTagFirstLoad()
  assert.ok(
    modules.some(module => module.startsWith('src/stores/')),
    `the module list is read (${modules.length})`
  )
  assert.deepEqual(
    modules.map(module => ({ module, why: lazyFlowModule(module.replace(/^zod-lazy:/, '')) })).filter(({ why }) => why),
    [],
    "lazy flows' modules in the first load's chunks"
  )
})

for (const entry of ['index.js', 'react/index.js', 'evm.js', 'solana.js', 'bitcoin.js']) {
  test(`dist/${entry}: no module of a lazy flow among what an app's bundler evaluates at load (issue 35)`, () => {
    const files = staticGraph(entry)
    const allowed = [...SHELL_STORES, ...PACKAGE_ENTRY_STORES]
    const found = [
      ...files.map(file => ({ module: `dist/${file}`, why: lazyFlowModule(`dist/${file}`, allowed) })),
      ...files.flatMap(file =>
        bareStaticImports(file).map(specifier => ({
          module: `dist/${file} imports ${specifier}`,
          why: lazyFlowModule(specifier)
        }))
      )
    ]
    assert.ok(files.length > 1 || entry !== 'index.js', `the walk follows imports (${files.length} files)`)
    assert.deepEqual(
      found.filter(({ why }) => why),
      [],
      `lazy flows' modules in the static graph of dist/${entry}`
    )
  })
}

/**
 * The zod schema types the options schema is built from (src/utils/zod-checks.ts): the only
 * ones the first load may hold. zod's files are modules, and core/schemas.js holds every type: a
 * lazy flow's schema resolved to the first load's copy of zod would carry its types into chunks/core.
 */
const FIRST_LOAD_ZOD_TYPES = [
  '$ZodArray',
  '$ZodBoolean',
  '$ZodCheck',
  '$ZodCheckMinLength',
  '$ZodCustom',
  '$ZodError',
  '$ZodObject',
  '$ZodOptional',
  '$ZodString',
  '$ZodType'
]

test("zod: the first load's chunks hold only the schema types the options schema uses, none that only lazy flows use (issue 35)", () => {
  const { graph, closure } = scriptTagFirstLoad()
  const typesIn = fileName =>
    new Set(
      [...readFileSync(join(DIST, fileName), 'utf8').matchAll(/[`"'](\$Zod[A-Za-z]+)[`"']/g)].map(([, name]) => name)
    )
  const firstLoadTypes = new Set(closure.flatMap(fileName => [...typesIn(fileName)]))
  assert.ok(
    firstLoadTypes.has('$ZodObject'),
    `zod's type names are read from the built chunks (${[...firstLoadTypes]})`
  )
  assert.deepEqual(
    [...firstLoadTypes].filter(name => !FIRST_LOAD_ZOD_TYPES.includes(name)).sort(),
    [],
    "zod schema types in the first load that the options schema does not use (a lazy flow's)"
  )
  const lazyTypes = new Set(
    [...graph.keys()].filter(fileName => !closure.includes(fileName)).flatMap(fileName => [...typesIn(fileName)])
  )
  assert.ok(lazyTypes.has('$ZodUnion') && lazyTypes.has('$ZodRecord'), "the lazy flows' types are in their own chunks")
})

test('the first load is the entry and chunks/core only: no bundler runtime chunk (an `import * as` namespace object in the entry brought it, issue 35)', () => {
  const { closure } = scriptTagFirstLoad()
  assert.deepEqual(
    closure.map(fileName => fileName.replace(/^(chunks\/.+)-[\w-]{8}\.js$/, '$1')).sort(),
    ['appkit-elements.js', 'chunks/core'],
    "the first load's files"
  )
})
