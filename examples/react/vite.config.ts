/**
 * The React example (`npm run build:examples`, after `npm run build`): a React 19 page built with
 * Vite to examples/react/dist/, served by scripts/serve.mjs at /examples/react/.
 *
 * `appkit-elements`, `appkit-elements/react`, `/evm`, ... resolve through the package's own
 * `exports` map to the built dist/, exactly as they would for an app that installed the package.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const packageRoot = resolve(here, '../..')
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
    throw new Error(`examples/react: ${file} (export "${subpath}") is missing: run \`npm run build\` first.`)
  }
  const specifier = subpath === '.' ? packageJson.name : `${packageJson.name}/${subpath.slice(2)}`
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return [{ find: new RegExp(`^${escaped}$`), replacement: path }]
})

export default defineConfig({
  root: here,
  base: './',
  resolve: { alias, dedupe: ['react', 'react-dom', 'lit'] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false
  }
})
