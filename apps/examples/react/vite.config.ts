/**
 * The React example (`npm run build:examples`, after `npm run build`): a React 19 page built with
 * Vite to apps/examples/react/dist/, served by local/stack/serve.mjs at /examples/react/.
 * With REACT_VERSION=18 the same page is built on React 18 (the `react-18` and `react-dom-18` npm
 * aliases in package.json) to apps/examples/react/dist/react-18/, served at /examples/react/react-18/;
 * build it after the React 19 page, whose build empties dist/.
 *
 * `appkit-elements`, `appkit-elements/react`, `/evm`, ... resolve through the package's own
 * `exports` map to the built dist/, exactly as they would for an app that installed the package.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const packageRoot = resolve(here, '../../..')
const packageJson = JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string | { import?: string }>
}

/** `appkit-elements/react` -> /abs/dist/react/index.js, from package.json's exports. */
const alias = Object.entries(packageJson.exports).flatMap(([subpath, target]) => {
  const file = typeof target === 'string' ? target : target.import
  if (!file || !file.endsWith('.js')) return []
  const path = resolve(packageRoot, file)
  if (!existsSync(path)) {
    throw new Error(`apps/examples/react: ${file} (export "${subpath}") is missing: run \`npm run build\` first.`)
  }
  const specifier = subpath === '.' ? packageJson.name : `${packageJson.name}/${subpath.slice(2)}`
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return [{ find: new RegExp(`^${escaped}$`), replacement: path }]
})

const reactVersion = process.env.REACT_VERSION || '19'
if (reactVersion !== '18' && reactVersion !== '19') {
  throw new Error(`apps/examples/react: REACT_VERSION must be 18 or 19, not "${reactVersion}".`)
}
/** React 18: `react`, `react-dom` and their subpaths (react-dom's own require('react') too) -> the aliases. */
const react18 =
  reactVersion === '18'
    ? [
        { find: /^react(\/.*)?$/, replacement: 'react-18$1' },
        { find: /^react-dom(\/.*)?$/, replacement: 'react-dom-18$1' }
      ]
    : []

export default defineConfig({
  root: here,
  base: './',
  resolve: { alias: [...alias, ...react18], dedupe: ['react', 'react-dom', 'react-18', 'react-dom-18', 'lit'] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: reactVersion === '18' ? 'dist/react-18' : 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false
  }
})
