// What an app's bundler evaluates at load when it imports the built package: the static import
// graph of dist/index.js and dist/react/index.js (issue 9: the connection code arrives when the
// browser is idle, so no entry may import it statically). Runs against the built package.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

/** The files `entry` imports statically, transitively (dynamic import() and bare packages left out). */
function staticGraph(entry) {
  const seen = new Set()
  const stack = [join(DIST, entry)]
  while (stack.length > 0) {
    const file = stack.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g)) {
      const target = join(dirname(file), match[1])
      if (existsSync(target)) stack.push(target)
    }
  }
  return [...seen].map(file => relative(DIST, file))
}

/** Modules that load on the way to a connection, never at load. */
const CONNECTION_CODE = [
  'stores/connection.js',
  'stores/sessions.js',
  'stores/walletconnect-session.js',
  'stores/account-details.js'
]

for (const entry of ['index.js', 'react/index.js']) {
  test(`importing dist/${entry} evaluates no connection code at load`, () => {
    assert.ok(existsSync(join(DIST, entry)), `dist/${entry} is missing: run \`npm run build\` first`)
    const graph = staticGraph(entry)
    assert.ok(graph.includes('stores/modal.js'), `the walk follows imports (${graph.length} files)`)
    assert.deepEqual(
      CONNECTION_CODE.filter(module => graph.includes(module)),
      [],
      'connection code in the static graph'
    )
  })
}
