/**
 * The script-tag bundles (`npm run build`, after the library): src/script-tag.ts with lit,
 * nanostores and zod bundled in, `process.env.NODE_ENV` set to "production", minified.
 *
 *   vite build -c vite.script-tag.config.ts                 -> dist/appkit-elements.js
 *     an ES module (`<script type="module">`) whose lazy views load as dist/chunks/*.js,
 *     resolved relative to the module itself, so the kit can be served from any path;
 *   vite build -c vite.script-tag.config.ts --mode classic  -> dist/appkit-elements.classic.js
 *     one classic script (IIFE), dynamic imports inlined, for pages that cannot load modules;
 *     all but the WalletConnect SDK, which it loads on first use from beside itself:
 *   vite build -c vite.script-tag.config.ts --mode walletconnect
 *     -> dist/appkit-elements.walletconnect.js, the SDK wrapper (src/connectors/walletconnect/
 *     sign-client.ts) as one ES module, for the classic script's import().
 *
 * Both write what each chunk holds to dist/.vite/ (Vite's manifest, plus the module list of every
 * chunk): bench/size.mjs and the tests read it to prove no view module is in the first load.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { LEGACY_DECORATORS } from './vite.config.js'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Writes dist/.vite/<name>.modules.json: every chunk, its static and dynamic imports and source modules. */
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
          modules: chunk.moduleIds.map(toSourcePath)
        }))
      this.emitFile({
        type: 'asset',
        fileName: `.vite/${name}.modules.json`,
        source: `${JSON.stringify({ chunks }, null, 2)}\n`
      })
    }
  }
}

/** The file the classic script loads the WalletConnect SDK from, beside itself. */
const WALLETCONNECT_FILE = 'appkit-elements.walletconnect.js'

/**
 * Classic mode: the controller's `import('./sign-client.js')` becomes an import() of
 * WALLETCONNECT_FILE resolved against the classic script's own URL (classic scripts may call
 * import()), so the single file does not inline the SDK (130 kB gzip).
 */
function walletConnectBesideClassic(): Plugin {
  return {
    name: 'appkit:walletconnect-beside-classic',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('src/connectors/walletconnect/controller.ts')) return null
      const target = /import\((['"])\.\/sign-client\.js\1\)/
      if (!target.test(code)) this.error("import('./sign-client.js') not found in the WalletConnect controller")
      const url = `new URL(${JSON.stringify(WALLETCONNECT_FILE)}, __appkitScriptUrl || location.href).href`
      return { code: code.replace(target, `import(/* @vite-ignore */ ${url})`), map: null }
    }
  }
}

/** A module id as a path from the repository root: src/..., node_modules/lit-html/... */
function toSourcePath(id: string): string {
  const clean = id.replace(/\0/g, '').split('?')[0] ?? id
  return clean.startsWith(root) ? relative(root, clean) : clean
}

export default defineConfig(({ mode }) => {
  const classic = mode === 'classic'
  const walletConnect = mode === 'walletconnect'
  const name = classic ? 'appkit-elements.classic' : walletConnect ? 'appkit-elements.walletconnect' : 'appkit-elements'
  return {
    root,
    oxc: LEGACY_DECORATORS,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [chunkModules(name), ...(classic ? [walletConnectBesideClassic()] : [])],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      manifest: `.vite/${name}.manifest.json`,
      lib: {
        entry: (walletConnect
          ? { 'appkit-elements.walletconnect': 'src/connectors/walletconnect/sign-client.ts' }
          : { 'appkit-elements': 'src/script-tag.ts' }) as Record<string, string>,
        formats: [classic ? 'iife' : 'es'],
        // The IIFE's own result is unused (the entry sets window.AppKit); the name keeps it off window.AppKit.
        name: '__appkitElements'
      },
      rolldownOptions: {
        // The entry exports nothing and no chunk imports it: what the entry shares with the lazy
        // chunks lives in shared chunks. So a page that loads appkit-elements.js with a query
        // (?v=2) still gets one copy of the kit's state. ('allow-extension' would save ~1 kB
        // gzip and two requests, but then the views import the entry itself.)
        preserveEntrySignatures: 'strict',
        output: {
          entryFileNames: `${name}.js`,
          // The classic script's own URL, read while it runs: what its import() resolves against.
          ...(classic
            ? { intro: 'var __appkitScriptUrl = document.currentScript && document.currentScript.src;' }
            : {}),
          chunkFileNames: 'chunks/[name]-[hash].js',
          minify: true,
          comments: { legal: true, annotation: false, jsdoc: false },
          // lit, nanostores and zod are needed by the first load anyway: one chunk instead of
          // several small shared ones saves requests and gzip overhead.
          ...(classic || walletConnect
            ? { codeSplitting: false }
            : {
                codeSplitting: {
                  groups: [
                    {
                      name: 'vendor',
                      test: /node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|nanostores|zod)[\\/]/
                    }
                  ]
                }
              })
        }
      }
    }
  }
})
