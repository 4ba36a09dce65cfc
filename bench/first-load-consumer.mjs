// The consumer page of bench/first-load.mjs (issue 35), and what every page loads statically.
//
// The consumer page is an app's own Vite production build of the package as npm would install it:
// the fresh library build (vite.config.ts, in <tmp>/lib) with package.json, README.md and
// custom-elements.json goes through `npm pack`; the tarball is unpacked into
// <tmp>/consumer/node_modules/appkit-elements, and bench/consumer/ (index.html with one
// <appkit-button>, main.js with createAppKit and the EVM adapter) is built there with Vite's
// defaults (no config of the kit's: no chunk groups, no lazy zod). The package's own dependencies
// (lit, zod, nanostores, viem, ...) resolve from <tmp>/node_modules, the repository's, the versions
// npm would install from the lock file.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { dirname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './first-load-build.mjs'

/** Packs the library built in `lib` as the package and builds bench/consumer/ against it into <site>/consumer/. */
export async function buildConsumerPage({ build, dir, lib, site, common }) {
  const stage = join(dir, 'package')
  mkdirSync(stage, { recursive: true })
  for (const file of ['package.json', 'README.md', 'custom-elements.json'])
    copyFileSync(join(ROOT, file), join(stage, file))
  cpSync(lib, join(stage, 'dist'), { recursive: true })
  const pack = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: stage,
    encoding: 'utf8'
  })
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`)
  const [{ filename }] = JSON.parse(pack.stdout)
  const app = join(dir, 'consumer')
  const installed = join(app, 'node_modules/appkit-elements')
  mkdirSync(installed, { recursive: true })
  const untar = spawnSync('tar', ['-xzf', join(dir, filename), '-C', installed, '--strip-components=1'])
  if (untar.status !== 0) throw new Error(`unpacking ${filename} failed: ${untar.stderr}`)
  for (const file of ['index.html', 'main.js']) copyFileSync(join(ROOT, 'bench/consumer', file), join(app, file))
  copyFileSync(join(ROOT, 'apps/examples/page.css'), join(app, 'page.css'))
  await build({
    ...common,
    configFile: false,
    root: app,
    base: './',
    build: { outDir: join(site, 'consumer'), emptyOutDir: true, sourcemap: 'hidden' }
  })
  return { tarball: join(dir, filename) }
}

/** Relative specifiers a built ES module imports statically (import ... from, export ... from, bare import). */
function staticImports(code) {
  const found = code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)
  return [...found].map(([, specifier]) => specifier)
}

/**
 * What a page loads before any of its code runs an import(): the module scripts and modulepreloads
 * of its index.html and every file they import statically, transitively; gzip -9 bytes. `only`
 * narrows the start to one script (the script-tag page's kit: dist/appkit-elements.js).
 */
export function staticFirstLoad(site, pagePath, only) {
  const html = readFileSync(join(site, pagePath, 'index.html'), 'utf8')
  const starts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)
  ]
    // As the browser resolves it: a page at /examples/script-tag/ loading ../../../dist/x.js gets /dist/x.js.
    .map(([, src]) => join(site, new URL(src, `http://localhost${pagePath}`).pathname))
    .filter(file => !only || file.endsWith(only))
  const seen = new Set()
  const stack = [...starts]
  while (stack.length > 0) {
    const file = stack.pop()
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) stack.push(join(dirname(file), specifier))
  }
  const files = [...seen].map(file => ({
    file: relative(site, file),
    gzip: gzipSync(readFileSync(file), { level: 9 }).length
  }))
  return { files: files.length, gzip: files.reduce((sum, file) => sum + file.gzip, 0), list: files }
}

/** zod's share of the script-tag kit's static first load, from the build's module list (dist/.vite/). */
export function scriptTagZodShare(site) {
  const modulesFile = join(site, 'dist/.vite/appkit-elements.modules.json')
  if (!existsSync(modulesFile)) return null
  const { chunks } = JSON.parse(readFileSync(modulesFile, 'utf8'))
  const byName = new Map(chunks.map(chunk => [chunk.fileName, chunk]))
  const seen = new Set()
  const visit = name => {
    if (seen.has(name) || !byName.has(name)) return
    seen.add(name)
    for (const imported of byName.get(name).imports) visit(imported)
  }
  visit('appkit-elements.js')
  return [...seen].reduce((sum, name) => sum + (byName.get(name).zodGzip ?? 0), 0)
}

/** The built files of a page folder (for the report: how many chunks an app's build made). */
export function countBuiltScripts(site, pagePath) {
  return readdirSync(join(site, pagePath), { recursive: true }).filter(file => String(file).endsWith('.js')).length
}
