// React for the element tests (web-test-runner.config.mjs): React ships CommonJS only and the test
// runner's dev server converts none, so this plugin serves `react`, `react/jsx-runtime`,
// `react/jsx-dev-runtime`, `react-dom` and `react-dom/client` as ES modules from one esbuild bundle
// (one copy of React per page), for the React major in REACT_VERSION: 19 (the default) is the
// `react`/`react-dom` packages, 18 the `react-18`/`react-dom-18` npm aliases in package.json.
// package.json's override points react-dom-18's peer `react` at the root React so that npm installs
// it beside React 19; the bundle's alias is what pairs react-dom-18 with react-18.
import { build } from 'esbuild'
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The packages that hold each supported React major. */
export const REACT_PACKAGES = {
  18: { react: 'react-18', 'react-dom': 'react-dom-18' },
  19: { react: 'react', 'react-dom': 'react-dom' }
}

// wagmi and TanStack Query (appkit-elements/wagmi's React test, issue 31) ship React code (and CommonJS
// use-sync-external-store): bundled here, with the one React of the page.
const SPECIFIERS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'wagmi',
  '@tanstack/react-query'
]
/**
 * What the bundle leaves to the other plugin (test/browser/prebundle.mjs), so that a page has one
 * copy of each: the kit's own imports of @wagmi/core and viem are served from there too.
 */
const LEFT_TO_PREBUNDLE = ['@wagmi/core', '@wagmi/core/*', 'viem', 'viem/*', '@tanstack/query-core']
const PREFIX = '/__react__/'
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** REACT_VERSION ('18' or '19', default '19'); anything else throws naming the choices. */
export function reactVersionFromEnv(env = process.env) {
  const version = env.REACT_VERSION || '19'
  if (!(version in REACT_PACKAGES)) {
    throw new Error(`REACT_VERSION must be one of ${Object.keys(REACT_PACKAGES).join(', ')}, not "${version}".`)
  }
  return version
}

/**
 * The export names of each module namespace in `code`, read by evaluating it in a child Node
 * process (the names of a CommonJS module are only known at run time; the test runner's own process
 * replaces `console`, which React's development build calls on load). From a file under
 * node_modules/.cache, so that the imports left to the pre-bundle resolve as packages.
 */
function exportNames(code, version) {
  const dir = join(ROOT, 'node_modules/.cache/wtr-react')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `react-${version}.mjs`)
  writeFileSync(file, code)
  const script = [
    `const { modules } = await import(${JSON.stringify(pathToFileURL(file).href)})`,
    'const names = Object.fromEntries(Object.entries(modules).map(([specifier, namespace]) => [specifier, Object.keys(namespace)]))',
    'process.stdout.write(JSON.stringify(names))'
  ].join('\n')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    child.once('error', reject)
    child.once('close', status => {
      if (status === 0) resolve(JSON.parse(stdout))
      else reject(new Error(`Reading React's export names failed (exit ${status}):\n${stderr}`))
    })
    child.stdin.end(script)
  })
}

/** One ES module holding every specifier's module namespace, and the export names of each. */
async function bundleReact(version) {
  const { react, 'react-dom': reactDom } = REACT_PACKAGES[version]
  const contents = [
    ...SPECIFIERS.map((specifier, i) => `import * as m${i} from '${specifier}'`),
    `export const modules = { ${SPECIFIERS.map((specifier, i) => `'${specifier}': m${i}`).join(', ')} }`
  ].join('\n')
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js', sourcefile: `react-${version}.js` },
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // `react` -> `react-18` also maps `react/jsx-runtime`, and react-dom-18's own require('react').
    alias: react === 'react' ? {} : { react, 'react-dom': reactDom },
    external: LEFT_TO_PREBUNDLE,
    define: { 'process.env.NODE_ENV': '"development"' }
  })
  const code = result.outputFiles[0].text
  const names = Object.fromEntries(
    Object.entries(await exportNames(code, version)).map(([specifier, all]) => [
      specifier,
      all.filter(name => name !== 'default' && IDENTIFIER.test(name))
    ])
  )
  return { code, names }
}

/** The dev-server plugin: resolves the React specifiers to `/__react__/<version>/...` and serves them. */
export function reactPlugin(version = reactVersionFromEnv()) {
  const base = `${PREFIX}${version}/`
  let bundled
  return {
    name: `react-${version}-as-esm`,
    resolveImport({ source }) {
      return SPECIFIERS.includes(source) ? `${base}${source}.js` : undefined
    },
    async serve(context) {
      if (!context.path.startsWith(base)) return undefined
      bundled ??= bundleReact(version)
      const { code, names } = await bundled
      if (context.path === `${base}bundle.js`) return { body: code, type: 'js' }
      const specifier = context.path.slice(base.length, -'.js'.length)
      if (!SPECIFIERS.includes(specifier)) return undefined
      const body = [
        `import { modules } from '${base}bundle.js'`,
        `const m = modules['${specifier}']`,
        'export default m.default',
        names[specifier].length ? `export const { ${names[specifier].join(', ')} } = m` : ''
      ].join('\n')
      return { body, type: 'js' }
    }
  }
}
