/**
 * The script-tag bundles (`npm run build`, after the library): src/script-tag.ts with lit,
 * nanostores and zod bundled in, `process.env.NODE_ENV` set to "production", minified. In the ES
 * build the first load holds only the zod of the options schema; the lazy flows' zod is a second
 * copy of zod's schema modules, chunks/zod (lazyZod).
 *
 *   vite build -c vite.script-tag.config.ts                 -> dist/appkit-elements.js
 *     an ES module (`<script type="module">`) whose lazy views load as dist/chunks/*.js,
 *     resolved relative to the module itself, so the kit can be served from any path;
 *   vite build -c vite.script-tag.config.ts --mode classic  -> dist/appkit-elements.classic.js
 *     one classic script (IIFE), dynamic imports inlined, for pages that cannot load modules;
 *     all but the WalletConnect SDK, the translations, the QR encoder and the message catalog,
 *     which it loads on first use from beside itself:
 *   vite build -c vite.script-tag.config.ts --mode walletconnect
 *     -> dist/appkit-elements.walletconnect.js, the SDK wrapper (src/connectors/walletconnect/
 *     sign-client.ts) as one ES module, for the classic script's import();
 *   vite build -c vite.script-tag.config.ts --mode beside
 *     -> dist/appkit-elements.locale-<locale>.js (each translated locale's texts),
 *     dist/appkit-elements.qr.js (the QR encoder) and dist/appkit-elements.catalog.js (the message
 *     catalog), ES modules for the classic script's import().
 *
 * No source maps (the package ships none: docs/guides/package.md); `vite build -c
 * vite.script-tag.config.ts --sourcemap` builds them for local debugging.
 *
 * Each writes what each chunk holds to dist/.vite/ (Vite's manifest, plus the module list of every
 * chunk): bench/size.mjs and the tests read it to prove no view module is in the first load.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { defineConfig, minifySync, type Plugin } from 'vite'
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
  /^[^\0]*node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|nanostores|zod)[\\/]/,
  /node_modules[\\/]@lit[\\/]localize[\\/](init[\\/]install|internal[\\/](str-tag|default-msg))\.js$/,
  /[\\/]helpers[\\/]esm[\\/]decorate\.js$/,
  /[\\/]src[\\/]stores[\\/](toast|locale|network|options|account|open-view|router|modal|theme|initialize|public-state|wallet-providers)\.ts$/,
  /[\\/]src[\\/]stores[\\/]siwx[\\/]state\.ts$/,
  /[\\/]src[\\/]config[\\/](constants|describe-issue|options|options-error|views|locale-input|theme-input)\.ts$/,
  /[\\/]src[\\/]elements[\\/]shared[\\/](define|store-controller|prefetch-view|focus|theme-controller|motion)\.ts$/,
  /[\\/]src[\\/]elements[\\/]views[\\/]opener-views\.ts$/,
  /[\\/]src[\\/]i18n[\\/]locales\.ts$/,
  /[\\/]src[\\/]theme[\\/][^\\/]+\.ts$/,
  /[\\/]src[\\/]storage[\\/](local-storage|storage-key)\.ts$/,
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

/** Resolves zod for the kit's lazy modules to the lazy copy (ES build only: the classic file is one). */
function lazyZod(): Plugin {
  const isZod = (path: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(path)
  return {
    name: 'appkit:lazy-zod',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const fromLazy = importer.startsWith(LAZY_ZOD)
      if (!fromLazy && !(source === 'zod' || source.startsWith('zod/'))) return null
      if (!fromLazy && (!importer.startsWith(root) || FIRST_LOAD_ZOD_IMPORTERS.some(re => re.test(importer))))
        return null
      const realImporter = fromLazy ? importer.slice(LAZY_ZOD.length) : importer
      const resolved = await this.resolve(source, realImporter, { ...options, skipSelf: true })
      if (!resolved || !isZod(resolved.id) || SHARED_ZOD.test(resolved.id)) return resolved
      return { id: `${LAZY_ZOD}${resolved.id}`, moduleSideEffects: resolved.moduleSideEffects }
    },
    load(id) {
      if (!id.startsWith(LAZY_ZOD)) return null
      return readFileSync(id.slice(LAZY_ZOD.length), 'utf8')
    }
  }
}

/** The file the classic script loads the WalletConnect SDK from, beside itself. */
const WALLETCONNECT_FILE = 'appkit-elements.walletconnect.js'

/** The translated locales (src/i18n/locales/<locale>.ts): the classic script loads each from beside itself. */
const TRANSLATED_LOCALES = readdirSync(new URL('src/i18n/locales/', import.meta.url))
  .filter(file => file.endsWith('.ts'))
  .map(file => file.slice(0, -3))

/** The file of one locale's texts beside the classic script: appkit-elements.locale-ar.js. */
function localeFile(locale: string): string {
  return `appkit-elements.locale-${locale}.js`
}

/** The QR encoder (uqr) beside the classic script: drawn only for WalletConnect. */
const QR_FILE = 'appkit-elements.qr.js'

/** The message catalog beside the classic script: read only to check an app's `messages`. */
const CATALOG_FILE = 'appkit-elements.catalog.js'

/** The Tokens list's chain reads (viem) beside the classic script: only when the backend fails. */
const CHAIN_READS_FILE = 'appkit-elements.chain-reads.js'

/** The Send flow's Solana transactions (@solana/web3.js) beside the classic script: only when a visitor sends on Solana. */
const SOLANA_TRANSFER_FILE = 'appkit-elements.solana-send.js'

/** The app's Solana wallet provider (@solana/web3.js) beside the classic script: only when a Solana wallet connects. */
const SOLANA_PROVIDER_FILE = 'appkit-elements.solana-provider.js'

/** Sign-in's EVM cryptography (viem) beside the classic script: only when an EVM account signs in. */
const SIWX_EVM_FILE = 'appkit-elements.siwx-evm.js'

/** Sign-in's Bitcoin cryptography (BIP-322 on @noble/curves) beside the classic script: only when a Bitcoin account signs in. */
const SIWX_BITCOIN_FILE = 'appkit-elements.siwx-bitcoin.js'

/** The Send flow's Bitcoin payments (@scure/btc-signer) beside the classic script: only when a visitor sends on Bitcoin. */
const BITCOIN_TRANSFER_FILE = 'appkit-elements.bitcoin-send.js'

/** The Wallet Standard connector's Bitcoin payment (signs, finalizes, posts) beside the classic script: only with a Bitcoin send. */
const BITCOIN_WALLET_SEND_FILE = 'appkit-elements.bitcoin-wallet-send.js'

/** The unknown options' warnings beside the classic script: only when the options hold a key the kit does not know. */
const UNKNOWN_OPTIONS_FILE = 'appkit-elements.unknown-options.js'

/**
 * What `--mode beside` builds (output name without .js -> source): the pure modules (data or a
 * library, no state of the kit) that the classic script loads from beside itself.
 */
const BESIDE_CLASSIC_ENTRIES: Record<string, string> = {
  ...Object.fromEntries(
    TRANSLATED_LOCALES.map(locale => [localeFile(locale).slice(0, -3), `src/i18n/locales/${locale}.ts`])
  ),
  [QR_FILE.slice(0, -3)]: 'src/utils/qr-library.ts',
  [CATALOG_FILE.slice(0, -3)]: 'src/i18n/catalog.ts',
  [CHAIN_READS_FILE.slice(0, -3)]: 'src/api/chain-token-balances.ts',
  [SOLANA_TRANSFER_FILE.slice(0, -3)]: 'src/adapters/solana/solana-transfer.ts',
  [SOLANA_PROVIDER_FILE.slice(0, -3)]: 'src/adapters/solana/solana-provider.ts',
  [SIWX_EVM_FILE.slice(0, -3)]: 'src/siwx/evm-signature.ts',
  [SIWX_BITCOIN_FILE.slice(0, -3)]: 'src/siwx/bitcoin-signature.ts',
  [UNKNOWN_OPTIONS_FILE.slice(0, -3)]: 'src/config/unknown-options.ts',
  [BITCOIN_TRANSFER_FILE.slice(0, -3)]: 'src/adapters/bitcoin/bitcoin-transfer.ts',
  [BITCOIN_WALLET_SEND_FILE.slice(0, -3)]: 'src/adapters/bitcoin/wallet-standard-send.ts'
}

/** `import(<file beside the classic script>)`: resolved against the script's own URL, read while it ran. */
function importBesideClassic(file: string): string {
  return `import(/* @vite-ignore */ new URL(${JSON.stringify(file)}, __appkitScriptUrl || location.href).href)`
}

/**
 * Classic mode: what the single file does not inline, it loads with import() from beside itself,
 * resolved against its own URL (classic scripts may call import()):
 * - the controller's `import('./sign-client.js')` becomes WALLETCONNECT_FILE (the SDK, 130 kB gzip);
 * - the localization runtime's `import('./locales/<locale>.js')` becomes localeFile(locale)
 *   (1.6-1.9 kB each; English is built in), so a page pays only for the language it shows;
 * - the QR encoder's `import('./qr-library.js')` becomes QR_FILE, the overrides check's
 *   `import('./catalog.js')` CATALOG_FILE, the Tokens list's `import('../../api/chain-token-balances.js')`
 *   CHAIN_READS_FILE (viem, 29 kB gzip, loaded only when the backend fails), and the Send flow's
 *   `import('../../adapters/solana/solana-transfer.js')` SOLANA_TRANSFER_FILE (@solana/web3.js), the
 *   bridge store's `import('../../adapters/solana/solana-provider.js')` SOLANA_PROVIDER_FILE, and
 *   sign-in's `import('./evm-signature.js')` (writing and verifying EVM messages) SIWX_EVM_FILE and
 *   `import('./bitcoin-signature.js')` (verifying BIP-322 signatures) SIWX_BITCOIN_FILE, and
 *   the options' `import('./unknown-options.js')` (the warnings for a misspelt key) UNKNOWN_OPTIONS_FILE.
 * Only modules without state of the kit go beside: a second copy of a store would split the kit.
 */
const SINGLE_BESIDE = [
  { module: 'src/utils/qr-encoder.ts', target: /import\((['"])\.\/qr-library\.js\1\)/, file: QR_FILE },
  { module: 'src/i18n/overrides.ts', target: /import\((['"])\.\/catalog\.js\1\)/, file: CATALOG_FILE },
  {
    module: 'src/stores/account/token-balances.ts',
    target: /import\((['"])\.\.\/\.\.\/api\/chain-token-balances\.js\1\)/,
    file: CHAIN_READS_FILE
  },
  {
    module: 'src/stores/send/send.ts',
    target: /import\((['"])\.\.\/\.\.\/adapters\/solana\/solana-transfer\.js\1\)/,
    file: SOLANA_TRANSFER_FILE
  },
  {
    module: 'src/stores/connect/wallet-bridge.ts',
    target: /import\((['"])\.\.\/\.\.\/adapters\/solana\/solana-provider\.js\1\)/,
    file: SOLANA_PROVIDER_FILE
  },
  { module: 'src/siwx/verify.ts', target: /import\((['"])\.\/evm-signature\.js\1\)/, file: SIWX_EVM_FILE },
  { module: 'src/siwx/verify.ts', target: /import\((['"])\.\/bitcoin-signature\.js\1\)/, file: SIWX_BITCOIN_FILE },
  { module: 'src/siwx/create-message.ts', target: /import\((['"])\.\/evm-signature\.js\1\)/, file: SIWX_EVM_FILE },
  { module: 'src/config/options.ts', target: /import\((['"])\.\/unknown-options\.js\1\)/, file: UNKNOWN_OPTIONS_FILE },
  {
    module: 'src/stores/send/send.ts',
    target: /import\((['"])\.\.\/\.\.\/adapters\/bitcoin\/bitcoin-transfer\.js\1\)/,
    file: BITCOIN_TRANSFER_FILE
  },
  {
    module: 'src/adapters/bitcoin/wallet-standard-connector.ts',
    target: /import\((['"])\.\/wallet-standard-send\.js\1\)/,
    file: BITCOIN_WALLET_SEND_FILE
  }
]

function besideClassic(): Plugin {
  return {
    name: 'appkit:beside-classic',
    apply: 'build',
    transform(code, id) {
      if (id.endsWith('src/connectors/walletconnect/controller.ts')) {
        const target = /import\((['"])\.\/sign-client\.js\1\)/
        if (!target.test(code)) this.error("import('./sign-client.js') not found in the WalletConnect controller")
        return { code: code.replace(target, importBesideClassic(WALLETCONNECT_FILE)), map: null }
      }
      if (id.endsWith('src/i18n/runtime.ts')) {
        const target = /import\((['"])\.\/locales\/([A-Za-z-]+)\.js\1\)/g
        const found = [...code.matchAll(target)].map(match => match[2])
        const missing = TRANSLATED_LOCALES.filter(locale => !found.includes(locale))
        if (missing.length > 0)
          this.error(`import('./locales/<locale>.js') not found in src/i18n/runtime.ts for ${missing.join(', ')}`)
        return {
          code: code.replace(target, (_match, _quote, locale: string) => importBesideClassic(localeFile(locale))),
          map: null
        }
      }
      // A module may import more than one file beside the classic script (verify.ts: EVM and Bitcoin).
      const entries = SINGLE_BESIDE.filter(entry => id.endsWith(entry.module))
      if (entries.length === 0) return null
      let replaced = code
      for (const entry of entries) {
        if (!entry.target.test(replaced)) this.error(`${entry.target} not found in ${entry.module}`)
        replaced = replaced.replace(entry.target, importBesideClassic(entry.file))
      }
      return { code: replaced, map: null }
    }
  }
}

/** A module id as a path from the repository root: src/..., node_modules/lit-html/... */
function toSourcePath(id: string): string {
  if (id.startsWith(LAZY_ZOD)) return `zod-lazy:${toSourcePath(id.slice(LAZY_ZOD.length))}`
  const clean = id.replace(/\0/g, '').split('?')[0] ?? id
  return clean.startsWith(root) ? relative(root, clean) : clean
}

export default defineConfig(({ mode }) => {
  const classic = mode === 'classic'
  const walletConnect = mode === 'walletconnect'
  const beside = mode === 'beside'
  const name = classic
    ? 'appkit-elements.classic'
    : walletConnect
      ? 'appkit-elements.walletconnect'
      : beside
        ? 'appkit-elements.beside'
        : 'appkit-elements'
  return {
    root,
    oxc: LEGACY_DECORATORS,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      chunkModules(name),
      ...(classic ? [besideClassic()] : []),
      ...(classic || beside || walletConnect ? [] : [lazyZod()])
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      manifest: `.vite/${name}.manifest.json`,
      lib: {
        entry: (walletConnect
          ? { 'appkit-elements.walletconnect': 'src/connectors/walletconnect/sign-client.ts' }
          : beside
            ? BESIDE_CLASSIC_ENTRIES
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
          entryFileNames: beside ? '[name].js' : `${name}.js`,
          // The classic script's own URL, read while it runs: what its import() resolves against.
          ...(classic
            ? { intro: 'var __appkitScriptUrl = document.currentScript && document.currentScript.src;' }
            : {}),
          chunkFileNames: 'chunks/[name]-[hash].js',
          minify: true,
          comments: { legal: true, annotation: false, jsdoc: false },
          // What the first load needs anyway goes in one shared chunk instead of a dozen small
          // ones (each costs a request and ~150 B of gzip overhead): lit, nanostores, the zod of
          // the options schema and the kit's modules that both the entry and lazy chunks import
          // (FIRST_LOAD_SHARED); the lazy flows' zod (lazyZod) is chunks/zod.
          ...(beside
            ? {}
            : classic || walletConnect
              ? { codeSplitting: false }
              : {
                  codeSplitting: {
                    groups: [
                      { name: 'core', test: (id: string) => FIRST_LOAD_SHARED.some(re => re.test(id)) },
                      // The lazy copy of zod: one chunk, which loads with the first lazy flow that parses.
                      { name: 'zod', test: (id: string) => id.startsWith(LAZY_ZOD) }
                    ]
                  }
                })
        }
      }
    }
  }
})
