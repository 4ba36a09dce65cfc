/**
 * The demo app (`npm run build:demo`): a React 19 page built with Vite to apps/demo/dist/, which
 * `npm start` serves. It imports only the kit's public entry points (`appkit-elements`,
 * `appkit-elements/react`, `/evm`, `/solana`); this config says where they come from:
 *
 * - by default the repository's source (src/, react/), so the demo needs no `npm run build` first
 *   and always shows the current code;
 * - with `APPKIT_DEMO_KIT=dist`, the built package through its `exports` map (dist/), exactly as an
 *   app that installed the package sees it (run `npm run build` first).
 *
 * Build-time settings (VITE_APPKIT_API_URL, VITE_APPKIT_PROJECT_ID, ...) are in apps/demo/README.md.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Alias } from 'vite'
import { LEGACY_DECORATORS, LIBRARY_ENTRIES } from '../../vite.config.js'

const here = fileURLToPath(new URL('.', import.meta.url))
const packageRoot = resolve(here, '../..')
const packageJson = JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string | { import?: string }>
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const specifierOf = (subpath: string) =>
  subpath === '.' || subpath === 'index' ? packageJson.name : `${packageJson.name}/${subpath}`

/** `appkit-elements/react` -> react/index.ts (source) */
function sourceAliases(): Alias[] {
  return Object.entries(LIBRARY_ENTRIES).map(([name, source]) => ({
    find: new RegExp(`^${escape(specifierOf(name === 'react/index' ? 'react' : name))}$`),
    replacement: resolve(packageRoot, source)
  }))
}

/** `appkit-elements/react` -> dist/react/index.js, from package.json's exports. */
function distAliases(): Alias[] {
  return Object.entries(packageJson.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.import
    if (!file || !file.endsWith('.js')) return []
    const path = resolve(packageRoot, file)
    if (!existsSync(path)) {
      throw new Error(
        `demo: ${file} (export "${subpath}") is missing: run \`npm run build\` first, or build from source.`
      )
    }
    return [{ find: new RegExp(`^${escape(specifierOf(subpath.slice(2) || '.'))}$`), replacement: path }]
  })
}

const kit = process.env.APPKIT_DEMO_KIT ?? 'source'
if (kit !== 'source' && kit !== 'dist') throw new Error(`APPKIT_DEMO_KIT must be "source" or "dist", not "${kit}"`)

export default defineConfig({
  root: here,
  base: './',
  // Lit's decorators in src/ (source mode) need the same transform as the library build.
  oxc: { ...LEGACY_DECORATORS, jsx: { runtime: 'automatic' } },
  resolve: {
    alias: kit === 'dist' ? distAliases() : sourceAliases(),
    dedupe: ['react', 'react-dom', 'lit', 'nanostores']
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000
  }
})
