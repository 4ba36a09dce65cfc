/**
 * The ESM library (`npm run build`, first step): what bundlers import as `appkit-elements`,
 * `appkit-elements/react`, `appkit-elements/evm`, `/solana`, `/bitcoin` and `/wagmi`.
 *
 * - format `es` only, not minified (the app's bundler minifies);
 * - `preserveModules`: every source module stays its own file under dist/ (src/x/y.ts ->
 *   dist/x/y.js, react/x.ts -> dist/react/x.js), so bundlers tree-shake per module and the lazy
 *   views stay dynamic imports that an app's bundler splits into chunks;
 * - runtime dependencies (lit, @lit/*, nanostores, zod) and React stay external imports;
 * - no source maps: the output is readable ES2022, one file per source module at the same path,
 *   and the package does not ship maps (docs/guides/package.md says why; `--sourcemap` on the
 *   command line builds them for local debugging);
 * - legacy (`experimentalDecorators`) decorators are lowered, with `useDefineForClassFields: false`
 *   semantics: Chromium cannot parse decorator syntax, and a class field would shadow Lit's
 *   reactive accessors.
 *
 * The script-tag bundles are built by vite.script-tag.config.ts; type declarations by
 * `tsc -p tsconfig.build.json`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type OxcOptions } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

/** The package's entry points: output name (without .js) -> source. */
export const LIBRARY_ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  'react/index': 'react/index.ts',
  evm: 'src/adapters/evm/index.ts',
  solana: 'src/adapters/solana/index.ts',
  bitcoin: 'src/adapters/bitcoin/index.ts',
  wagmi: 'src/wagmi/index.ts'
}

const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/**
 * Imports that stay imports: every dependency and peer dependency of the package (lit, @lit/*,
 * nanostores, zod, viem, @solana/web3.js, react, react-dom, ...) and their subpaths
 * (lit/decorators.js, zod/mini, react/jsx-runtime). The app's bundler resolves them once for all.
 */
export const LIBRARY_EXTERNALS: RegExp[] = [
  ...new Set([
    'lit',
    '@lit/*',
    'nanostores',
    'zod',
    'react',
    'react-dom',
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.peerDependencies ?? {})
  ])
].map(name => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '[^/]+')}(/.*)?$`))

/** TypeScript's `experimentalDecorators` + `useDefineForClassFields: false`, spelled out for Oxc. */
export const LEGACY_DECORATORS: OxcOptions = {
  decorator: { legacy: true },
  typescript: { removeClassFieldsWithoutInitializer: true },
  assumptions: { setPublicClassFields: true }
}

for (const [name, source] of Object.entries(LIBRARY_ENTRIES)) {
  if (!existsSync(resolve(root, source))) {
    throw new Error(`vite.config.ts: the entry "${name}" needs ${source}, which does not exist.`)
  }
}

const entryNameBySource = new Map(
  Object.entries(LIBRARY_ENTRIES).map(([name, source]) => [resolve(root, source), name])
)

/**
 * dist/ path of a preserved module: entries by their public name (dist/evm.js), the package's own
 * modules by their source path (src/ dropped: dist/elements/w3m-modal.js, dist/react/hooks/...),
 * bundled third-party code under dist/vendor/, and helpers the transforms inject (Oxc's
 * `__decorate`) under dist/_virtual/.
 */
function moduleFileName(chunk: { name: string; facadeModuleId: string | null; isEntry: boolean }): string {
  const id = chunk.facadeModuleId?.replace(/\0/g, '') ?? ''
  const entryName = entryNameBySource.get(id)
  if (entryName && chunk.isEntry) return `${entryName}.js`
  const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '')
  if (id.includes('/node_modules/'))
    return `vendor/${withoutExtension(id.slice(id.lastIndexOf('/node_modules/') + 14))}.js`
  if (id.startsWith(root)) return `${withoutExtension(relative(root, id)).replace(/^src\//, '')}.js`
  return `_virtual/${withoutExtension(id.split('/').pop() || chunk.name)}.js`
}

export default defineConfig({
  root,
  oxc: LEGACY_DECORATORS,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: Object.fromEntries(Object.entries(LIBRARY_ENTRIES).map(([name, source]) => [name, resolve(root, source)])),
      formats: ['es']
    },
    rolldownOptions: {
      external: LIBRARY_EXTERNALS,
      output: {
        preserveModules: true,
        entryFileNames: moduleFileName
      }
    }
  }
})
