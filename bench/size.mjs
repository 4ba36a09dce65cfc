// Bundle size of the script-tag build, gzip level 9 (`npm run size` builds first; or run
// `node bench/size.mjs` after `npm run build`).
//
// Prints the first load (dist/appkit-elements.js and every chunk it imports statically,
// transitively), zod's share of it (issue 35: zod's modules rendered into the first load's chunks,
// minified and gzipped alone, from dist/.vite/appkit-elements.modules.json), each lazy chunk, and
// the classic file with the chunks it loads from dist/classic/, and exits 1 when:
// - a figure exceeds its budget in bench/size-budget.json (a lazy chunk without a budget of its
//   own gets `lazyChunkDefault`), or
// - the first load carries a view module (src/elements/views/<flow>/w3m-*-view.ts), viem,
//   @solana/web3.js or the WalletConnect SDK, or
// - the classic file (the kit's shell: vite.classic.config.ts) holds a view, viem, @solana/web3.js
//   or the WalletConnect SDK (they load from dist/classic/ beside it), or one of its lazy chunks
//   exceeds its budget (`classicLazyChunks` by name, else the ES chunk of the same name's, else
//   `lazyChunkDefault`).
// It also measures the wallet frame's page (service/frame/dist/, bench/frame-size.mjs): its first load
// (`frameFirstLoad`) and each chunk it loads later (`frameLazyChunks`, else `frameLazyChunkDefault`).
// And what `npm pack` would publish (bench/package-size.mjs): the tarball's bytes, its unpacked
// bytes and its file count (`package` in the budget), failing too when a source map or the build's
// own records (dist/.vite/) would be packed (docs/guides/package.md).
// `--json` prints the figures as JSON instead of a table.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  CLASSIC,
  ENTRY,
  FORBIDDEN_IN_FIRST_LOAD,
  ROOT,
  chunkKey,
  firstLoadClosure,
  forbiddenInFirstLoad,
  gzipBytes,
  readChunkGraph
} from './bundle-graph.mjs'
import { measureFrame } from './frame-size.mjs'
import { measurePackage } from './package-size.mjs'

/** The classic build's module list (vite.classic.config.ts): the file itself first, then its lazy chunks. */
function classicChunks() {
  const file = join(ROOT, 'dist/.vite/appkit-elements.classic.modules.json')
  return JSON.parse(readFileSync(file, 'utf8')).chunks
}

export function measure() {
  const graph = readChunkGraph()
  const closure = firstLoadClosure(graph)
  const firstLoadFiles = closure.map(fileName => ({ fileName, gzip: gzipBytes(fileName) }))
  const lazy = [...graph.keys()]
    .filter(fileName => !closure.includes(fileName))
    .sort()
    .map(fileName => ({ fileName, key: chunkKey(fileName), gzip: gzipBytes(fileName) }))
  return {
    firstLoad: {
      gzip: firstLoadFiles.reduce((sum, file) => sum + file.gzip, 0),
      zodGzip: closure.reduce((sum, fileName) => sum + (graph.get(fileName).zodGzip ?? 0), 0),
      files: firstLoadFiles
    },
    lazy,
    classic: { fileName: CLASSIC, gzip: gzipBytes(CLASSIC) },
    classicLazy: classicChunks()
      .filter(chunk => chunk.fileName !== CLASSIC)
      .map(chunk => ({ fileName: chunk.fileName, key: chunkKey(chunk.fileName), gzip: gzipBytes(chunk.fileName) }))
      .sort((a, b) => a.fileName.localeCompare(b.fileName)),
    forbidden: forbiddenInFirstLoad(graph, closure),
    forbiddenInClassic: forbiddenInClassic(),
    frame: measureFrame(),
    package: measurePackage()
  }
}

/** What the classic file must not hold (the first load's rule): views, viem, @solana/web3.js, the WalletConnect SDK. */
function forbiddenInClassic() {
  const [file] = classicChunks()
  if (file?.fileName !== CLASSIC)
    throw new Error(`dist/.vite/appkit-elements.classic.modules.json does not start with ${CLASSIC}`)
  return file.modules.flatMap(module =>
    FORBIDDEN_IN_FIRST_LOAD.filter(({ pattern }) => pattern.test(module)).map(({ why }) => ({ module, why }))
  )
}

/** A classic lazy chunk's budget: its own, else the ES build's chunk of the same name's, else the default. */
function classicChunkBudget(budget, key) {
  return (
    budget.classicLazyChunks?.[key] ??
    budget.lazyChunks?.[key.replace(/^classic\//, 'chunks/')] ??
    budget.lazyChunkDefault
  )
}

function main() {
  const budget = JSON.parse(readFileSync(join(ROOT, 'bench/size-budget.json'), 'utf8'))
  const sizes = measure()
  const failures = []
  const check = (label, bytes, limit, unit = 'B gzip') => {
    if (limit === undefined) return '          '
    if (bytes > limit) failures.push(`${label}: ${bytes} ${unit} is over its budget of ${limit} ${unit.split(' ')[0]}`)
    return `${bytes > limit ? 'OVER ' : ''}/ ${limit}`.padStart(10)
  }

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2))
  } else {
    const row = (bytes, limitText, label) => console.log(`${String(bytes).padStart(8)} B ${limitText}  ${label}`)
    console.log('gzip -9 bytes of the script-tag build (dist/)\n')
    row(
      sizes.firstLoad.gzip,
      check('first load', sizes.firstLoad.gzip, budget.firstLoad),
      `first load: ${ENTRY} + ${sizes.firstLoad.files.length - 1} static chunks`
    )
    for (const file of sizes.firstLoad.files) row(file.gzip, '          ', `  ${file.fileName}`)
    row(
      sizes.firstLoad.zodGzip,
      check("first load's zod", sizes.firstLoad.zodGzip, budget.firstLoadZod),
      "zod's share of the first load (its modules there, minified and gzipped alone)"
    )
    console.log('')
    for (const chunk of sizes.lazy) {
      const limit = budget.lazyChunks?.[chunk.key] ?? budget.lazyChunkDefault
      row(chunk.gzip, check(chunk.key, chunk.gzip, limit), `lazy ${chunk.fileName}`)
    }
    console.log('')
    row(
      sizes.classic.gzip,
      check('classic bundle', sizes.classic.gzip, budget.classic),
      `classic ${CLASSIC} (the shell: buttons, modal, stores, header and router)`
    )
    for (const chunk of sizes.classicLazy) {
      const limit = classicChunkBudget(budget, chunk.key)
      row(chunk.gzip, check(chunk.key, chunk.gzip, limit), `lazy ${chunk.fileName} (beside the classic file)`)
    }
    console.log("\ngzip -9 bytes of the wallet frame's page (service/frame/dist/)\n")
    row(
      sizes.frame.firstLoad.gzip,
      check('frame first load', sizes.frame.firstLoad.gzip, budget.frameFirstLoad),
      `frame first load: index.html's module script + ${sizes.frame.firstLoad.files.length - 1} static chunks`
    )
    for (const chunk of sizes.frame.lazy) {
      const limit = budget.frameLazyChunks?.[chunk.key] ?? budget.frameLazyChunkDefault
      row(chunk.gzip, check(`frame ${chunk.key}`, chunk.gzip, limit), `lazy service/frame/dist/${chunk.fileName}`)
    }
    console.log('\nwhat `npm pack` would publish (npm pack --dry-run --json)\n')
    const { packedBytes, unpackedBytes, entries, kinds } = sizes.package
    const limits = budget.package ?? {}
    row(packedBytes, check('packed package', packedBytes, limits.packedBytes, 'B'), 'the tarball')
    row(unpackedBytes, check('unpacked package', unpackedBytes, limits.unpackedBytes, 'B'), 'unpacked')
    const files = check('package files', entries, limits.entries, 'files')
    console.log(`${String(entries).padStart(8)}   ${files}  files, of which:`)
    for (const [kind, { files: count, bytes }] of Object.entries(kinds))
      console.log(`${String(count).padStart(8)}   ${' '.repeat(10)}    ${kind} (${bytes} B unpacked)`)
  }
  // Budgets are checked in --json mode too.
  if (process.argv.includes('--json')) {
    check('first load', sizes.firstLoad.gzip, budget.firstLoad)
    check("first load's zod", sizes.firstLoad.zodGzip, budget.firstLoadZod)
    for (const chunk of sizes.lazy)
      check(chunk.key, chunk.gzip, budget.lazyChunks?.[chunk.key] ?? budget.lazyChunkDefault)
    check('classic bundle', sizes.classic.gzip, budget.classic)
    for (const chunk of sizes.classicLazy) check(chunk.key, chunk.gzip, classicChunkBudget(budget, chunk.key))
    check('frame first load', sizes.frame.firstLoad.gzip, budget.frameFirstLoad)
    for (const chunk of sizes.frame.lazy)
      check(`frame ${chunk.key}`, chunk.gzip, budget.frameLazyChunks?.[chunk.key] ?? budget.frameLazyChunkDefault)
    const limits = budget.package ?? {}
    check('packed package', sizes.package.packedBytes, limits.packedBytes, 'B')
    check('unpacked package', sizes.package.unpackedBytes, limits.unpackedBytes, 'B')
    check('package files', sizes.package.entries, limits.entries, 'files')
  }
  for (const file of sizes.package.unwanted) {
    failures.push(`npm pack would publish ${file}: the package ships no source maps or build records`)
  }
  for (const { module, why } of sizes.forbiddenInClassic) {
    failures.push(`the classic file carries ${module}: ${why}`)
  }

  for (const { fileName, module, why } of sizes.forbidden) {
    failures.push(`the first load carries ${module} in dist/${fileName}: ${why}`)
  }
  if (failures.length > 0) {
    console.error(`\nsize check FAILED:\n${failures.map(failure => `  - ${failure}`).join('\n')}`)
    process.exit(1)
  }
  console.log(
    '\nsize check passed: every figure within budget, no view, viem, @solana/web3.js or WalletConnect SDK in the first load, no source map in the package.'
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
