/**
 * The classic script (`npm run build`): dist/appkit-elements.classic.js, for pages that cannot load
 * modules (`<script src>` without type="module"). Issue 35, point 3: it is the connect kit, not
 * every view. It holds what a visitor needs to connect (the buttons, the modal shell and its parts,
 * the stores, the opener views, the wallet list, the connecting views and the connection code);
 * every other flow (Send, Swap, Buy, the e-mail and social logins, sign-in, the WalletConnect SDK,
 * the QR encoder, translations, viem, @solana/web3.js, Bitcoin) loads on first use with import()
 * from dist/classic/, beside the file.
 *
 * How: one ES build of src/script-tag.ts with code splitting, where every module statically
 * reachable from the kit's roots (CLASSIC_KIT_ROOTS) is one chunk; then, while the bundle is
 * written, that chunk and the entry become one classic script:
 * - the kit chunk runs inside a function that returns its exports (as getters, so a binding the
 *   chunk assigns later reads right), kept in a page-global slot named after the build's hash;
 * - the entry and every lazy chunk read the kit's exports from that slot instead of importing it,
 *   so the whole page has one copy of every store;
 * - dynamic imports resolve against the script's own URL (read while it runs), so the kit can be
 *   served from any path. The lazy chunks are plain ES modules (classic scripts may call import()).
 *
 * The kit adds no inline script and no `<style>`: a page under `default-src 'self'` still works.
 */
import { init, parse } from 'es-module-lexer'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import type { OutputBundle, OutputChunk } from 'rolldown'
import { lazyZodCopy } from './tools/lazy-zod-plugin.js'
import { LEGACY_DECORATORS } from './vite.config.js'

const root = fileURLToPath(new URL('.', import.meta.url))

/** The classic file's name in dist/. */
export const CLASSIC_FILE = 'appkit-elements.classic.js'

/** The folder of its lazy chunks, beside it. */
export const CLASSIC_CHUNKS_DIR = 'classic'

/**
 * The connect kit's roots: with everything they import statically, they are the classic file.
 * Every other module (what they import with import()) is a lazy chunk in dist/classic/.
 */
const CLASSIC_KIT_ROOTS: RegExp[] = [
  /[\\/]src[\\/]script-tag\.ts$/,
  // the modal's parts (header, router, alert bar, view titles) and the toast
  /[\\/]src[\\/]elements[\\/](w3m-header|w3m-router|w3m-alertbar|w3m-toast)\.ts$/,
  /[\\/]src[\\/]elements[\\/]shared[\\/]view-title\.ts$/,
  /[\\/]src[\\/]elements[\\/]views[\\/]registry\.ts$/
]

/**
 * Libraries the kit's roots import only for code the classic file does not run at once (a barrel's
 * re-export, a flow's helper): never in the kit chunk, whatever imports them; the bundler puts them
 * in the lazy chunks that use them. The build fails if the kit chunk would import one statically.
 */
const LAZY_ONLY =
  /node_modules[\\/](viem|ox|abitype|@noble|@scure|@solana|@walletconnect|@msgpack|uqr|bs58|base-x|buffer|superstruct|rpc-websockets|eventemitter3|jayson|borsh|bn\.js|@reown)[\\/]/

/** The slot the kit's exports live in, named after the build: two different builds on one page never share it. */
const kitSlot = (hash: string) => `globalThis[Symbol.for(${JSON.stringify(`appkit-elements.classic.${hash}`)})]`

/** `import {a as b, c} from "…"` -> `const {a: b, c} = <from>;` (rolldown's output forms). */
function importToConst(statement: string, from: string): string {
  const named = /^import\s*\{([^}]*)\}\s*from\s*["'][^"']+["']\s*;?$/s.exec(statement)
  if (named) {
    const names = (named[1] ?? '')
      .split(',')
      .map(part => part.trim())
      .filter(Boolean)
      .map(part => part.replace(/^(\S+)\s+as\s+(\S+)$/, '$1:$2'))
    return `const{${names.join(',')}}=${from};`
  }
  const star = /^import\s*\*\s*as\s+(\S+)\s+from\s*["'][^"']+["']\s*;?$/s.exec(statement)
  if (star) return `const ${star[1]}=${from};`
  if (/^import\s*["'][^"']+["']\s*;?$/s.test(statement)) return ''
  throw new Error(`classic build: cannot rewrite the import ${statement.slice(0, 120)}`)
}

/**
 * Rewrites `code` (an ES chunk at `fileName`): static imports of the kit chunk become reads of the
 * kit's slot; with `base`, dynamic imports of relative specifiers resolve against it (a JS expression).
 */
function rewriteChunk(code: string, fileName: string, kitFile: string, slot: string, base?: string): string {
  const [imports] = parse(code)
  let out = ''
  let at = 0
  const dir = fileName.includes('/') ? fileName.slice(0, fileName.lastIndexOf('/') + 1) : ''
  for (const entry of imports) {
    if (entry.d === -1 && entry.n !== undefined) {
      const target = new URL(entry.n, `file:///${dir}`).pathname.slice(1)
      if (target !== kitFile) continue
      out += code.slice(at, entry.ss) + importToConst(code.slice(entry.ss, entry.se), slot)
      at = entry.se
    } else if (entry.d > -1 && base !== undefined) {
      // the specifier, entry.s..entry.e: a string or a template literal without expressions
      const literal = /^(["'`])(\.{1,2}\/[^"'`$]*)\1$/.exec(code.slice(entry.s, entry.e).trim())
      if (!literal) throw new Error(`classic build: a dynamic import of ${code.slice(entry.s, entry.e)} in ${fileName}`)
      out += code.slice(at, entry.s) + `new URL(${JSON.stringify(literal[2])},${base}).href`
      at = entry.e
    } else if (entry.d === -2) {
      throw new Error(`classic build: import.meta in ${fileName}`)
    }
  }
  return out + code.slice(at)
}

/** The kit chunk's closing `export{x as a,…}` -> `return{get a(){return x},…}`. */
function exportsToReturn(code: string, fileName: string): string {
  const match = /export\s*\{([^}]*)\}\s*;?\s*$/s.exec(code)
  if (!match) throw new Error(`classic build: no export list at the end of ${fileName}`)
  const getters = (match[1] ?? '')
    .split(',')
    .map(part => part.trim())
    .filter(Boolean)
    .map(part => {
      const [local, exported = local] = part.split(/\s+as\s+/)
      return `get ${JSON.stringify(exported)}(){return ${local}}`
    })
  return `${code.slice(0, match.index)}return{${getters.join(',')}}`
}

/** Where the scan pass writes the kit's modules (source paths), in the output folder, for the build pass. */
const KIT_SCAN_FILE = '.vite/appkit-elements.classic.kit.json'

/** Prefix of the lazy copy of zod's modules (what the lazy chunks parse with). */
const LAZY_ZOD = '\0classic-zod-lazy:'

/**
 * The scan pass is a plain split build: the kit is every module of the chunks that the entry and
 * the roots' chunks import statically, so what the bundler tree-shook away (a barrel's unused
 * re-exports) stays out of the classic file.
 */
function writeKitScan(bundle: OutputBundle, outDir: string): void {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk')
  const byFile = new Map(chunks.map(chunk => [chunk.fileName, chunk]))
  const roots = CLASSIC_KIT_ROOTS
  const stack = chunks.filter(
    chunk => chunk.isEntry || (chunk.facadeModuleId && roots.some(re => re.test(chunk.facadeModuleId as string)))
  )
  const seen = new Set<OutputChunk>()
  const modules = new Set<string>()
  while (stack.length > 0) {
    const chunk = stack.pop() as OutputChunk
    if (seen.has(chunk)) continue
    seen.add(chunk)
    for (const id of chunk.moduleIds) if (!LAZY_ONLY.test(id)) modules.add(toSourcePath(id))
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported) stack.push(imported)
    }
  }
  const file = resolve(outDir, KIT_SCAN_FILE)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify([...modules].sort(), null, 1)}\n`)
}

function classicKit(scan: boolean, kit: Set<string>): Plugin {
  let outDir = resolve(root, 'dist')
  return {
    name: 'appkit:classic-kit',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    buildStart() {
      if (scan) return
      const file = resolve(outDir, KIT_SCAN_FILE)
      if (!existsSync(file))
        this.error(`${file} is missing: run vite build -c vite.classic.config.ts --mode kit-scan first`)
      kit.clear()
      for (const path of JSON.parse(readFileSync(file, 'utf8')) as string[]) kit.add(path)
      rmSync(resolve(outDir, CLASSIC_CHUNKS_DIR), { recursive: true, force: true })
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: 'classic-kit',
              test: (id: string) => kit.has(toSourcePath(id)) || /rolldown[\\/:]runtime/.test(id)
            },
            // The lazy copy of zod: one chunk, which loads with the first flow that parses.
            { name: 'zod', test: (id: string) => id.startsWith(LAZY_ZOD) }
          ]
        }
      }
    },
    async generateBundle(_options, bundle: OutputBundle) {
      if (scan) {
        writeKitScan(bundle, outDir)
        return
      }
      await init
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk')
      const entry = chunks.find(chunk => chunk.isEntry)
      const kitChunk = chunks.find(chunk => chunk.name === 'classic-kit')
      if (!entry || !kitChunk) throw new Error('classic build: no entry or no kit chunk')
      // What the kit imports statically (the bundler's runtime helpers, which it keeps in a chunk of
      // their own) runs first, inside the file too; the lazy chunks keep importing those files.
      const helpers = kitChunk.imports.map(file => {
        const helper = chunks.find(chunk => chunk.fileName === file)
        if (!helper || helper.imports.length > 0)
          throw new Error(`classic build: the kit chunk imports ${file}, which is not a leaf chunk`)
        return helper
      })
      const hash = /-([A-Za-z0-9_-]+)\.js$/.exec(kitChunk.fileName)?.[1] ?? 'kit'
      const slot = kitSlot(hash)
      const chunkBase = `__appkitChunks`
      for (const chunk of chunks) {
        if (chunk === entry || chunk === kitChunk) continue
        chunk.code = rewriteChunk(chunk.code, chunk.fileName, kitChunk.fileName, slot)
      }
      let kitCode = rewriteChunk(kitChunk.code, kitChunk.fileName, kitChunk.fileName, slot, chunkBase)
      const helperCode = helpers.map((helper, index) => {
        kitCode = rewriteChunk(kitCode, kitChunk.fileName, helper.fileName, `__appkitHelpers${index}`)
        const code = exportsToReturn(rewriteChunk(helper.code, helper.fileName, '', slot, chunkBase), helper.fileName)
        return `var __appkitHelpers${index}=(function(){${code}})();`
      })
      kitCode = exportsToReturn(kitCode, kitChunk.fileName)
      const entryCode = rewriteChunk(entry.code, entry.fileName, kitChunk.fileName, '__appkitKit', '__appkitRoot')
      const source = [
        '(function(){"use strict";',
        'var __appkitRoot=(document.currentScript&&document.currentScript.src)||location.href;',
        `var ${chunkBase}=new URL(${JSON.stringify(`${CLASSIC_CHUNKS_DIR}/`)},__appkitRoot);`,
        ...helperCode,
        `var __appkitKit=${slot}=(function(){${kitCode}})();`,
        entryCode,
        '})();'
      ].join('\n')
      const listed = (chunk: OutputChunk, fileName = chunk.fileName) => ({
        fileName,
        isEntry: chunk === entry || chunk === kitChunk,
        isDynamicEntry: chunk.isDynamicEntry,
        facadeModule: chunk.facadeModuleId ? toSourcePath(chunk.facadeModuleId) : null,
        imports: chunk.imports.filter(file => file !== kitChunk.fileName),
        dynamicImports: chunk.dynamicImports,
        modules: chunk.moduleIds.map(toSourcePath)
      })
      const classicEntry = listed(kitChunk, CLASSIC_FILE)
      const lazy = chunks.filter(chunk => chunk !== entry && chunk !== kitChunk).map(chunk => listed(chunk))
      this.emitFile({
        type: 'asset',
        fileName: '.vite/appkit-elements.classic.modules.json',
        source: `${JSON.stringify(
          {
            chunks: [
              {
                ...classicEntry,
                modules: [...classicEntry.modules, ...entry.moduleIds.map(toSourcePath)],
                dynamicImports: [...new Set([...kitChunk.dynamicImports, ...entry.dynamicImports])]
              },
              ...lazy
            ]
          },
          null,
          2
        )}\n`
      })
      // The entry and the kit now live in CLASSIC_FILE only.
      Reflect.deleteProperty(bundle, entry.fileName)
      Reflect.deleteProperty(bundle, kitChunk.fileName)
      this.emitFile({ type: 'asset', fileName: CLASSIC_FILE, source })
    }
  }
}

/** A module id as a path from the repository root (for the module list). */
export function toSourcePath(id: string): string {
  if (id.startsWith(LAZY_ZOD)) return `zod-lazy:${toSourcePath(id.slice(LAZY_ZOD.length))}`
  const clean = id.replace(/\0/g, '').split('?')[0] ?? id
  return clean.startsWith(root) ? relative(root, clean) : clean
}

/**
 * `vite build -c vite.classic.config.ts --mode kit-scan` first (writes KIT_SCAN_FILE, no output),
 * then `vite build -c vite.classic.config.ts` (npm run build runs both).
 */
export default defineConfig(({ mode }) => {
  const scan = mode === 'kit-scan'
  const kitModules = new Set<string>()
  return {
    root,
    oxc: LEGACY_DECORATORS,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      classicKit(scan, kitModules),
      // The lazy chunks' zod is a second copy (tools/lazy-zod-plugin.ts): the kit's modules (the scan
      // pass's list) import the real zod, so the file holds only the schema types the kit uses.
      ...(scan
        ? []
        : [
            lazyZodCopy({
              name: 'appkit:classic-lazy-zod',
              prefix: LAZY_ZOD,
              root,
              realZodFor: importer => kitModules.has(toSourcePath(importer))
            })
          ])
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      write: !scan,
      target: 'es2022',
      minify: !scan,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: { 'appkit-elements.classic-entry': 'src/script-tag.ts' }, formats: ['es'] },
      rolldownOptions: {
        // A module the kit imports statically and a flow with import() stays in the kit, on purpose.
        checks: { ineffectiveDynamicImport: false },
        preserveEntrySignatures: 'strict',
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: `${CLASSIC_CHUNKS_DIR}/[name]-[hash].js`,
          minify: !scan,
          comments: { legal: true, annotation: false, jsdoc: false }
        }
      }
    }
  }
})
