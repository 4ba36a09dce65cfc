// The build's shape, without a browser: what the first load carries, decorators lowered, the
// package's exports resolving to files. Assumes `npm run build` already ran; fails at once when
// dist/ is missing.
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { before, test } from 'node:test'
import {
  DIST,
  ENTRY,
  ROOT,
  assertBuilt,
  firstLoadClosure,
  forbiddenInFirstLoad,
  readChunkGraph
} from '../../bench/bundle-graph.mjs'

let graph

before(() => {
  assertBuilt()
  graph = readChunkGraph()
})

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile() && entry.name.endsWith('.js'))
    .map(entry => join(entry.parentPath ?? entry.path, entry.name))
}

test('the first load of the script tag carries no view, no viem and no @solana/web3.js', () => {
  const closure = firstLoadClosure(graph)
  assert.ok(closure.includes(ENTRY))
  assert.deepEqual(forbiddenInFirstLoad(graph, closure), [])
  const firstLoadModules = closure.flatMap(fileName => graph.get(fileName).modules)
  assert.ok(firstLoadModules.includes('src/elements/w3m-modal.ts'), 'the modal itself belongs to the first load')
})

test('no chunk imports the entry, so loading appkit-elements.js with a query never doubles the kit', () => {
  const importers = [...graph.values()].filter(chunk => [...chunk.imports, ...chunk.dynamicImports].includes(ENTRY))
  assert.deepEqual(
    importers.map(chunk => chunk.fileName),
    []
  )
})

test('every view of the registry is a lazy chunk of its own', () => {
  const registry = readFileSync(join(ROOT, 'src/elements/views/registry.ts'), 'utf8')
  // Each view lives in its flow's folder (src/elements/views/<flow>/w3m-*-view.ts).
  const views = [...registry.matchAll(/import\('\.\/([a-z]+\/w3m-[a-z-]+-view)\.js'\)/g)].map(match => match[1])
  assert.ok(views.length > 0)
  const closure = new Set(firstLoadClosure(graph))
  for (const view of views) {
    const chunk = [...graph.values()].find(c => c.facadeModule === `src/elements/views/${view}.ts`)
    assert.ok(chunk, `no chunk for ${view}`)
    assert.ok(chunk.isDynamicEntry, `${view} is not loaded with import()`)
    assert.ok(!closure.has(chunk.fileName), `${view} is part of the first load`)
  }
  // The library keeps them as dynamic imports too, for the app's bundler to split.
  const libraryRegistry = readFileSync(join(DIST, 'elements/views/registry.js'), 'utf8')
  for (const view of views)
    assert.ok(libraryRegistry.includes(`import("./${view}.js")`), `dist registry lost import() of ${view}`)
})

test('no decorator syntax is left in the built JavaScript', () => {
  const decorator = /(^|[\s;{}(,])@(property|state|query|queryAll|queryAsync|customElement|eventOptions)\s*\(/m
  const offenders = jsFiles(DIST).filter(file => decorator.test(readFileSync(file, 'utf8')))
  assert.deepEqual(
    offenders.map(file => relative(ROOT, file)),
    []
  )
})

test('the package exports resolve to built files', () => {
  const { exports, types, module, sideEffects, customElements } = JSON.parse(
    readFileSync(join(ROOT, 'package.json'), 'utf8')
  )
  assert.equal(customElements, 'custom-elements.json', 'package.json "customElements" must name the committed manifest')
  for (const [subpath, target] of Object.entries(exports)) {
    const files = typeof target === 'string' ? [target] : Object.values(target)
    for (const file of files) assert.ok(existsSync(join(ROOT, file)), `exports["${subpath}"] -> ${file} does not exist`)
  }
  assert.ok(existsSync(join(ROOT, types)))
  assert.ok(existsSync(join(ROOT, module)))
  assert.ok(Array.isArray(sideEffects), 'sideEffects must list the self-defining element modules, not be false')
  assert.ok(sideEffects.includes('./dist/elements/**'))
})

test('the library keeps its dependencies external and the element imports of app-kit.js', () => {
  const appKit = readFileSync(join(DIST, 'app-kit.js'), 'utf8')
  // src/app-kit.ts imports the element modules that define themselves: they must survive the build.
  for (const element of ['w3m-modal', 'buttons/appkit-button', 'buttons/appkit-network-button']) {
    assert.match(appKit, new RegExp(`(import|from) "\\./elements/${element}\\.js"`), `dist/app-kit.js lost ${element}`)
    assert.ok(existsSync(join(DIST, `elements/${element}.js`)), `dist/elements/${element}.js is missing`)
  }
  // Every bare import of the library names a dependency or peer dependency; nothing is bundled in.
  const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const allowed = new Set([...Object.keys(dependencies), ...Object.keys(peerDependencies)])
  const libraryFiles = jsFiles(DIST).filter(
    file => !file.startsWith(join(DIST, 'chunks')) && !/appkit-elements[^/]*\.js$/.test(file)
  )
  const strays = []
  for (const file of libraryFiles) {
    const code = readFileSync(file, 'utf8')
    // An import's keyword stands alone (not the end of "activity.from" in a message id) and names a package.
    for (const [, specifier] of code.matchAll(/(?<![\w$.])(?:from|import)\s*\(?\s*"([@\w][^"]*)"/g)) {
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]
      if (!allowed.has(name)) strays.push(`${relative(ROOT, file)} imports ${specifier}`)
    }
    assert.doesNotMatch(code, /node_modules/, `${relative(ROOT, file)} bundles a dependency`)
  }
  assert.deepEqual(strays, [])
})
