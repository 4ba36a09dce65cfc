// The pages of bench/first-load.mjs: production Vite builds into a temporary folder, and one
// node:http server for them.
//
// <tmp>/site/ is what the server serves, laid out like local/stack/serve.mjs serves the repository, so
// the example pages keep their relative links unchanged:
//   /dist/appkit-elements.js + /dist/chunks/  the script-tag bundle (vite.script-tag.config.ts)
//   /examples/script-tag/                     apps/examples/script-tag/index.html and app.js, as they are
//   /examples/page.css                        the examples' stylesheet
//   /examples/react/                          the React example (apps/examples/react/vite.config.ts)
//   /consumer/                                an app's own Vite build of the packed package (bench/consumer/,
//                                             bench/first-load-consumer.mjs)
//   /floor/                                   bench/floor/: React 19 and a plain <dialog>
// The React example imports the package through its exports map; it is built against a fresh
// library build in <tmp>/lib/ (vite.config.ts), not against whatever dist/ holds, so every page
// measures the current src/. <tmp>/node_modules links to the repository's, so the library's
// external imports (lit, zod, react, ...) resolve from there.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnSync } from 'node:child_process'
import { buildConsumerPage } from './first-load-consumer.mjs'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The pages, in the order the benchmark interleaves them. */
export const PAGES = [
  { key: 'vanilla', label: 'this kit, vanilla', path: '/examples/script-tag/', kind: 'kit' },
  { key: 'react', label: 'this kit, React', path: '/examples/react/', kind: 'kit' },
  { key: 'consumer', label: "this kit, an app's Vite build", path: '/consumer/', kind: 'kit' },
  { key: 'floor', label: 'floor', path: '/floor/', kind: 'floor' }
]

const COMMON = { logLevel: 'warn', mode: 'production' }

/**
 * apps/examples/react/vite.config.ts checks that the repository's dist/ has the package's entry points
 * when it loads (it aliases them). The benchmark overrides those aliases, but the check runs
 * first: when dist/ lacks them, `npm run build` (dist/ is gitignored) makes them.
 */
function ensureRepositoryDist() {
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const files = Object.values(packageJson.exports)
    .map(target => (typeof target === 'string' ? target : target.import))
    .filter(file => file?.endsWith('.js'))
  if (files.every(file => existsSync(join(ROOT, file)))) return false
  console.log('dist/ is missing the package entry points the React example config checks: running `npm run build` ...')
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) throw new Error('`npm run build` failed')
  return true
}

/** The package's exports map as Vite aliases onto the library built in `libDir`. */
function aliasesOnto(libDir) {
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  return Object.entries(packageJson.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.import
    if (!file?.endsWith('.js')) return []
    const path = join(libDir, file.replace(/^\.\/dist\//, ''))
    if (!existsSync(path)) throw new Error(`the library build has no ${file} (export "${subpath}")`)
    const specifier = subpath === '.' ? packageJson.name : `${packageJson.name}/${subpath.slice(2)}`
    const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    return [{ find: new RegExp(`^${escaped}$`), replacement: path }]
  })
}

/**
 * Builds every page into a new folder under os.tmpdir(); resolves to { dir, site, classic, seconds }
 * (`classic`: the single-file build, not served, only weighed).
 * Nothing is written into the repository except by `npm run build` when dist/ is missing.
 */
export async function buildPages({ log = () => undefined } = {}) {
  const started = performance.now()
  const { build } = await import('vite')
  const dir = mkdtempSync(join(tmpdir(), 'appkit-first-load-'))
  const site = join(dir, 'site')
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')

  log('building the script-tag bundle (vite.script-tag.config.ts) ...')
  await build({
    ...COMMON,
    configFile: join(ROOT, 'vite.script-tag.config.ts'),
    build: { outDir: join(site, 'dist'), emptyOutDir: true, sourcemap: 'hidden' }
  })
  mkdirSync(join(site, 'examples/script-tag'), { recursive: true })
  for (const file of ['script-tag/index.html', 'script-tag/app.js', 'page.css']) {
    copyFileSync(join(ROOT, 'apps/examples', file), join(site, 'examples', file))
  }

  log('building the classic file (vite.classic.config.ts: its kit scan, then the file and its chunks) ...')
  const classicDir = join(dir, 'classic')
  for (const mode of ['kit-scan', 'production']) {
    await build({
      ...COMMON,
      mode,
      configFile: join(ROOT, 'vite.classic.config.ts'),
      build: { outDir: classicDir, emptyOutDir: mode === 'kit-scan', sourcemap: false }
    })
  }

  log('building the library (vite.config.ts) and the React example (apps/examples/react/vite.config.ts) ...')
  const ranNpmBuild = ensureRepositoryDist()
  const lib = join(dir, 'lib')
  await build({
    ...COMMON,
    configFile: join(ROOT, 'vite.config.ts'),
    build: { outDir: lib, emptyOutDir: true, sourcemap: false }
  })
  await build({
    ...COMMON,
    configFile: join(ROOT, 'apps/examples/react/vite.config.ts'),
    resolve: { alias: aliasesOnto(lib) },
    build: { outDir: join(site, 'examples/react'), emptyOutDir: true, sourcemap: 'hidden' }
  })

  log("packing the library (npm pack) and building the consumer page with Vite's defaults (bench/consumer/) ...")
  await buildConsumerPage({ build, dir, lib, site, common: COMMON })

  log('building the floor page (bench/floor/) ...')
  await build({
    ...COMMON,
    configFile: false,
    root: join(ROOT, 'bench/floor'),
    base: './',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir: join(site, 'floor'), emptyOutDir: true, target: 'es2022', reportCompressedSize: false }
  })

  for (const page of PAGES) {
    if (!existsSync(join(site, page.path, 'index.html'))) throw new Error(`the build made no ${page.path}index.html`)
  }
  const classic = join(classicDir, 'appkit-elements.classic.js')
  if (!existsSync(classic)) throw new Error('the classic build made no appkit-elements.classic.js')
  return { dir, site, lib, classic, ranNpmBuild, seconds: (performance.now() - started) / 1000 }
}

export function removeBuild(dir) {
  if (dir && resolve(dir).startsWith(resolve(tmpdir()) + sep)) rmSync(dir, { recursive: true, force: true })
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

/**
 * Serves `site` on 127.0.0.1 (a free port), uncompressed, like local/stack/serve.mjs: hashed files
 * cacheable (a run's cold cache comes from its new browser context), everything else no-cache,
 * /favicon.ico answered 204 (as local/stack/serve.mjs does, so it never shows as a failed request).
 * Resolves to { url, log, close }: `log` lists every request it answered, { path, status }, so a
 * run can also see what the browser asked for outside the page's own requests.
 */
export function serve(site) {
  const log = []
  const server = createServer((request, response) => {
    response.on('finish', () => log.push({ path: request.url ?? '', status: response.statusCode }))
    let pathname
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    } catch {
      return response.writeHead(400).end()
    }
    if (pathname === '/favicon.ico') return response.writeHead(204).end()
    let file = normalize(join(site, pathname))
    if (file !== site && !file.startsWith(site + sep)) return response.writeHead(404).end()
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file) || !statSync(file).isFile()) {
      return response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}\n`)
    }
    const hashed = /[-.][\w-]{8}\.(js|css)$/.test(file) && !file.endsWith('appkit-elements.js')
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache'
    })
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file))
  })
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        log,
        close: () =>
          new Promise(done => {
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })
}
