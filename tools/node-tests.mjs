// Runs Node test files (TypeScript) in node's test runner without a loader hook: the files are first
// bundled with esbuild (our own code inlined, every npm package left to Node), then run as plain ES
// modules. `npm test`'s Node layers run this way; `node --import tsx --test <file>` runs the same
// files unbundled, as a developer does.
//   node tools/node-tests.mjs [--concurrency N] <directory or file> ...
// Why: with a loader hook (tsx), every module a test process imports, each of viem's and the
// backend's hundreds, is a round trip to the hook's thread; measured on this machine, that doubles
// the cost of importing viem, hono, PGlite and @solana/web3.js (2.3 to 4.9 CPU-s) in each of the
// ~70 processes the Node layers start. Bundling takes a few seconds once per layer.
// What keeps the bundled code equal to the source: esbuild is also what tsx transpiles with, the
// same tsconfig (tsconfig.node.json) is read, and `import.meta.url` is replaced in each of our files
// by that file's own URL, so that every path a module resolves from its own place (fixtures,
// artifacts, SQL, the frame's build, node_modules) is the one it resolves unbundled.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const OUT_ROOT = join(ROOT, 'node_modules/.cache/node-tests')
const TEST_FILE = /\.test\.(ts|mts|mjs)$/

/** The command line: `--concurrency N` and the directories or files whose tests to run. */
function parseArguments(argv) {
  const paths = []
  let concurrency = 1
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--concurrency') concurrency = Number(argv[++index])
    else paths.push(argv[index])
  }
  if (!paths.length || !(concurrency >= 1)) {
    console.error('Usage: node tools/node-tests.mjs [--concurrency N] <directory or file> ...')
    process.exit(2)
  }
  return { paths, concurrency }
}

/** The test files of each path: a directory's `*.test.*` files (not its subfolders), or the file. */
async function testFiles(paths) {
  const files = []
  for (const path of paths) {
    const absolute = resolve(ROOT, path)
    if ((await stat(absolute)).isDirectory()) {
      const names = (await readdir(absolute)).filter(name => TEST_FILE.test(name)).sort()
      files.push(...names.map(name => join(absolute, name)))
    } else files.push(absolute)
  }
  return files
}

/** esbuild plugin: each of our files' `import.meta.url` becomes the file's own URL. */
const keepOwnUrls = {
  name: 'keep-own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|mts|tsx|mjs|js)$/ }, async args => {
      if (args.path.includes('/node_modules/')) return undefined
      const source = await readFile(args.path, 'utf8')
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
      const loader = args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js'
      return { contents, loader, resolveDir: dirname(args.path) }
    })
  }
}

/**
 * Bundles test files (absolute paths, or relative to the project's root) into a folder of their
 * own (one per run: runs at the same time do not share it) under node_modules/.cache/node-tests/;
 * resolves to `{ bundles, remove }`: the bundles' absolute paths, in the files' order, and a
 * function that removes the folder. test/e2e/run.mjs bundles its files with this too.
 */
export async function bundleTestFiles(list) {
  const files = list.map(file => resolve(ROOT, file))
  await mkdir(OUT_ROOT, { recursive: true })
  const outdir = await mkdtemp(join(OUT_ROOT, `${relative(ROOT, dirname(files[0])).replaceAll('/', '_') || 'root'}-`))
  const remove = () => rm(outdir, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: files,
    outdir,
    outbase: ROOT,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.node.json'),
    sourcemap: 'linked',
    outExtension: { '.js': '.mjs' },
    plugins: [keepOwnUrls],
    logLevel: 'warning',
    metafile: true
  })
  const byEntry = new Map()
  for (const [output, info] of Object.entries(result.metafile.outputs))
    if (info.entryPoint) byEntry.set(resolve(ROOT, info.entryPoint), resolve(ROOT, output))
  const bundles = files.map(file => {
    const output = byEntry.get(file)
    if (!output) throw new Error(`esbuild wrote no bundle for ${relative(ROOT, file)}`)
    return output
  })
  return { bundles, remove }
}

/** Bundles the files of the command line, then runs them in node's test runner. */
async function main() {
  const { paths, concurrency } = parseArguments(process.argv.slice(2))
  const files = await testFiles(paths)
  if (!files.length) {
    console.error(`No test files in ${paths.join(', ')}`)
    process.exit(1)
  }
  const started = performance.now()
  const { bundles, remove } = await bundleTestFiles(files)
  console.log(`Bundled ${files.length} test files in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, ...bundles],
    { cwd: ROOT, stdio: 'inherit' }
  )
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', async (code, signal) => {
    await remove()
    process.exit(code ?? (signal ? 1 : 0))
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main()
