/**
 * The script-tag bundles (`npm run build`, after the library): src/script-tag.ts with lit,
 * nanostores and zod bundled in, `process.env.NODE_ENV` set to "production", minified. In the ES
 * build the first load holds only the zod of the options schema; the lazy flows' zod is a second
 * copy of zod's schema modules, chunks/zod (lazyZod).
 *
 *   vite build -c vite.script-tag.config.ts                 -> dist/appkit-elements.js
 *     an ES module (`<script type="module">`) whose lazy views load as dist/chunks/*.js,
 *     resolved relative to the module itself, so the kit can be served from any path;
 *
 * The classic script (dist/appkit-elements.classic.js, for pages that cannot load modules) is
 * vite.classic.config.ts.
 *
 * No source maps (the package ships none: docs/guides/package.md); `vite build -c
 * vite.script-tag.config.ts --sourcemap` builds them for local debugging.
 *
 * Each writes what each chunk holds to dist/.vite/ (Vite's manifest, plus the module list of every
 * chunk): bench/size.mjs and the tests read it to prove no view module is in the first load.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { defineConfig, minifySync, type Plugin, type UserConfig } from 'vite'
import { lazyZodCopy } from './tools/lazy-zod-plugin.js'
import { LEGACY_DECORATORS } from './vite.config.js'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * zod's bytes in a chunk (issue 35: zod's share of the first load): zod's modules as the bundler
 * rendered them into the chunk (tree-shaken), concatenated, minified and gzipped (-9) alone.
 */
function zodGzip(modules: Record<string, { code: string | null }>): number {
  const code = Object.entries(modules)
    .filter(([id]) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))
    .map(([, module]) => module.code ?? '')
    .join('\n')
  if (!code) return 0
  const minified = minifySync('zod.js', code, { compress: false, mangle: { toplevel: true }, module: true }).code
  return gzipSync(minified, { level: 9 }).length
}

/** Writes dist/.vite/<name>.modules.json: every chunk, its static and dynamic imports, source modules and zod's gzip bytes. */
function chunkModules(name: string): Plugin {
  return {
    name: 'appkit:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter(output => output.type === 'chunk')
        .map(chunk => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          facadeModule: chunk.facadeModuleId ? toSourcePath(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: chunk.moduleIds.map(toSourcePath),
          zodGzip: zodGzip(chunk.modules)
        }))
      this.emitFile({
        type: 'asset',
        fileName: `.vite/${name}.modules.json`,
        source: `${JSON.stringify({ chunks }, null, 2)}\n`
      })
    }
  }
}

/**
 * Modules of the first load that lazy chunks import too, grouped into chunks/core-*.js: the
 * libraries every element needs, and the kit's stores, theme, configuration and shared element
 * helpers that the entry imports statically. bench/size.mjs fails when a view or chain code
 * reaches the first load, and its budget catches a module listed here that the first load does
 * not need.
 */
const FIRST_LOAD_SHARED: RegExp[] = [
  // lit's directives (guard, keyed, ... and their helpers): with the lazy views that use them.
  /^[^\0]*node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|nanostores|zod)[\\/](?!(.*[\\/])?(directives[\\/]|directive(-helpers)?\.js$|async-directive\.js$))/,
  /node_modules[\\/]@lit[\\/]localize[\\/](init[\\/]install|internal[\\/](str-tag|default-msg))\.js$/,
  /[\\/]helpers[\\/]esm[\\/]decorate\.js$/,
  /[\\/]src[\\/]stores[\\/](toast-state|locale|network|options|account|open-view|router-state|modal|theme|initialize|public-state|wallet-providers)\.ts$/,
  /[\\/]src[\\/]stores[\\/]siwx[\\/]state\.ts$/,
  /[\\/]src[\\/]config[\\/](shell-constants|describe-issue|options|options-error|views|locale-input|theme-input)\.ts$/,
  /[\\/]src[\\/]elements[\\/]shared[\\/](define|store-controller|prefetch-view|focus|theme-controller|motion)\.ts$/,
  /[\\/]src[\\/]elements[\\/]views[\\/]opener-views\.ts$/,
  /[\\/]src[\\/]i18n[\\/]locales\.ts$/,
  /[\\/]src[\\/]theme[\\/][^\\/]+\.ts$/,
  /[\\/]src[\\/]storage[\\/](local-storage-read|storage-key)\.ts$/,
  /[\\/]src[\\/]utils[\\/](format|idle|device|zod-checks)\.ts$/,
  /[\\/]src[\\/]networks[\\/]types\.ts$/,
  /[\\/]src[\\/]events[\\/]modal-events\.ts$/
]

/**
 * The kit's modules whose zod is the first load's (issue 35): the options schema and what it
 * checks with. Every other module's zod is a second copy of zod's modules (`LAZY_ZOD` ids), which
 * the bundler puts in the lazy chunks that use it. zod's files are modules: one file (core/schemas.js
 * holds every schema type) shared by the first load and a lazy chunk would carry into the first
 * load whatever any lazy chunk uses of it. Schemas of the two copies mix (zod reads `_zod`, not
 * classes), and zod's global configuration is one (globalThis.__zod_globalConfig).
 */
export const FIRST_LOAD_ZOD_IMPORTERS: RegExp[] = [
  /[\\/]src[\\/]config[\\/]options\.ts$/,
  /[\\/]src[\\/]utils[\\/]zod-checks\.ts$/,
  /[\\/]src[\\/]networks[\\/]types\.ts$/
]

/**
 * zod's modules both copies share (in chunks/core): the constructor, errors and parsing hold the
 * same code whichever schemas are used; util.js's helpers that only lazy schemas use come with it
 * (+0.13 kB to the first load, -1.3 kB to chunks/zod, which loads with the idle connection code).
 */
const SHARED_ZOD = /[\\/]zod[\\/]v4[\\/]core[\\/](core|errors|parse|versions|util)\.js$/

/** Prefix of the lazy copy's module ids: `\0zod-lazy:/abs/node_modules/zod/v4/core/schemas.js`. */
export const LAZY_ZOD = '\0zod-lazy:'

/** zod for the kit's lazy modules: the lazy copy, chunks/zod (tools/lazy-zod-plugin.ts). */
function lazyZod(): Plugin {
  return lazyZodCopy({
    name: 'appkit:lazy-zod',
    prefix: LAZY_ZOD,
    root,
    realZodFor: importer => FIRST_LOAD_ZOD_IMPORTERS.some(re => re.test(importer)),
    shared: SHARED_ZOD
  })
}

/** A module id as a path from the repository root: src/..., node_modules/lit-html/... */
function toSourcePath(id: string): string {
  if (id.startsWith(LAZY_ZOD)) return `zod-lazy:${toSourcePath(id.slice(LAZY_ZOD.length))}`
  const clean = id.replace(/\0/g, '').split('?')[0] ?? id
  return clean.startsWith(root) ? relative(root, clean) : clean
}

export default defineConfig((): UserConfig => {
  const name = 'appkit-elements'
  return {
    root,
    oxc: LEGACY_DECORATORS,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [chunkModules(name), lazyZod()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      manifest: `.vite/${name}.manifest.json`,
      lib: { entry: { 'appkit-elements': 'src/script-tag.ts' }, formats: ['es'] },
      rolldownOptions: {
        // The entry exports nothing and no chunk imports it: what the entry shares with the lazy
        // chunks lives in shared chunks. So a page that loads appkit-elements.js with a query
        // (?v=2) still gets one copy of the kit's state. ('allow-extension' would save ~1 kB
        // gzip and two requests, but then the views import the entry itself.)
        preserveEntrySignatures: 'strict',
        output: {
          entryFileNames: `${name}.js`,
          chunkFileNames: 'chunks/[name]-[hash].js',
          minify: true,
          comments: { legal: true, annotation: false, jsdoc: false },
          // What the first load needs anyway goes in one shared chunk instead of a dozen small
          // ones (each costs a request and ~150 B of gzip overhead): lit, nanostores, the zod of
          // the options schema and the kit's modules that both the entry and lazy chunks import
          // (FIRST_LOAD_SHARED); the lazy flows' zod (lazyZod) is chunks/zod.
          codeSplitting: {
            groups: [
              { name: 'core', test: (id: string) => FIRST_LOAD_SHARED.some(re => re.test(id)) },
              // The lazy copy of zod: one chunk, which loads with the first lazy flow that parses.
              { name: 'zod', test: (id: string) => id.startsWith(LAZY_ZOD) }
            ]
          }
        }
      }
    }
  }
})
