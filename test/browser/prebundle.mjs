// Pre-bundled dependencies for the element tests (web-test-runner.config.mjs). The dev server
// serves ES modules file by file: viem alone is some 350 modules, zod/mini some 90, and every test
// file's page (and every frame page it opens) asked for all of them again, each one resolved and
// rewritten by the dev server. This plugin bundles the listed packages once per run with esbuild
// (code splitting, so every entry shares one copy of each module: `instanceof` and module state
// hold across `viem` and `viem/accounts`, as before) and serves each bare import of them as one
// module of that bundle. What the tests import and run is the same code; it arrives in a few
// requests instead of hundreds.
import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The packages served from the bundle: pure ES modules, many files each, used by the kit and its tests. */
export const PREBUNDLED_PACKAGES = [
  'viem',
  'ox',
  'abitype',
  'zod',
  '@noble/curves',
  '@noble/hashes',
  '@scure/base',
  '@scure/bip32',
  '@scure/bip39',
  // The Bitcoin test wallet's signing (issue 34): bundled as a whole, so that its own @noble copies
  // (a newer major than the kit's) stay its own instead of resolving to the root ones.
  '@scure/btc-signer',
  // @solana/web3.js's browser build imports CommonJS packages (buffer, bn.js, borsh): bundled, they are ES modules.
  '@solana/web3.js',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  '@lit/localize',
  'nanostores',
  '@open-wc/testing',
  '@open-wc/testing-helpers',
  '@open-wc/semantic-dom-diff',
  '@open-wc/scoped-elements',
  '@esm-bundle/chai',
  'sinon',
  // ethers (the wallet provider's test, issue 31): its browser build (no Node's net) is what esbuild picks.
  'ethers',
  // appkit-elements/wagmi (issue 31): @wagmi/core with eventemitter3 (CommonJS underneath) and zustand,
  // and TanStack Query's core, which wagmi's React bundle (tools/wtr-react.mjs) imports from here.
  '@wagmi/core',
  '@tanstack/query-core'
]

/**
 * Specifiers no scanned file names but that a served module imports: wagmi and TanStack Query,
 * bundled with React (tools/wtr-react.mjs), import them. In the first build, so that a page never
 * holds two copies of @wagmi/core.
 */
const IMPORTED_BY_REACT_BUNDLE = ['@wagmi/core', '@wagmi/core/query', '@wagmi/core/internal', '@tanstack/query-core']

/** Where the specifiers the kit and its tests import are looked for. */
const SCANNED = ['src', 'test/browser', 'test/fixtures', 'service/frame', 'local/wallets']
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'".][^'"]*)['"]/g
const PREFIX = '/__prebundled__/'

/** The package name of a bare specifier (`@scope/name` or `name`). */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

const isPrebundled = specifier => PREBUNDLED_PACKAGES.includes(packageOf(specifier))

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.(m?[jt]sx?)$/.test(entry.name)) yield path
  }
}

/** Every bare specifier of a pre-bundled package that the scanned files import. */
export function scanSpecifiers(root = ROOT) {
  const found = new Set(IMPORTED_BY_REACT_BUNDLE)
  for (const dir of SCANNED) {
    for (const file of sourceFiles(join(root, dir))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        if (isPrebundled(specifier)) found.add(specifier)
      }
    }
  }
  return found
}

/** One esbuild build of `specifiers`: output path (under PREFIX/<id>/) to its text. */
async function bundle(specifiers, id) {
  const outdir = join(ROOT, '.prebundled', String(id))
  const entryPoints = Object.fromEntries([...specifiers].map(specifier => [specifier, specifier]))
  const result = await build({
    entryPoints,
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // As the dev server resolves them (its node-resolve uses the 'development' condition).
    conditions: ['development'],
    target: 'es2022',
    outdir,
    write: false,
    logLevel: 'silent',
    // chai-a11y-axe loads axe-core's script by a dynamic import that registers window.axe, unless
    // `require` exists (it would under esbuild's shim): served as it is, by the dev server.
    external: ['chai-a11y-axe'],
    define: { 'process.env.NODE_ENV': '"development"' }
  })
  const files = new Map()
  for (const file of result.outputFiles) {
    files.set(`${PREFIX}${id}/${relative(outdir, file.path).split('\\').join('/')}`, file.text)
  }
  return files
}

/**
 * The dev-server plugin. Every bare import of a pre-bundled package, from any file, resolves to
 * `/__prebundled__/<build>/<specifier>.js`. A specifier the scan did not find (a package's own
 * import of another listed package, say) starts a new build with it added: pages that start later
 * use the new build, so one page never mixes two builds unless it imports such a specifier lazily
 * (a warning says so, and the specifier belongs in the scanned files' imports or in the scan).
 */
export function prebundlePlugin() {
  let specifiers
  let current
  let id = 0
  const builds = new Map()
  function rebuild() {
    id += 1
    const built = bundle(specifiers, id)
    current = { id, built }
    builds.set(id, built)
    return current
  }
  return {
    name: 'prebundled-dependencies',
    serverStart() {
      specifiers = scanSpecifiers()
      rebuild()
    },
    resolveImport({ source }) {
      if (typeof source !== 'string' || !isPrebundled(source)) return undefined
      if (!specifiers.has(source)) {
        console.warn(`[prebundle] ${source} was not found by the scan: bundling it now (a new build).`)
        specifiers.add(source)
        rebuild()
      }
      return `${PREFIX}${current.id}/${source}.js`
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined
      const buildId = Number(context.path.slice(PREFIX.length).split('/')[0])
      const files = await builds.get(buildId)
      const body = files?.get(context.path)
      if (body === undefined) return undefined
      return { body, type: 'js', headers: { 'cache-control': 'no-cache' } }
    }
  }
}
