// What an app's bundler evaluates at load when it imports the built package: the static import
// graph of dist/index.js and dist/react/index.js (issue 9: the connection code arrives when the
// browser is idle, so no entry may import it statically). Runs against the built package.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { staticImportClosure } from '../../bench/bundle-graph.mjs'

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

/** The files of dist/ that `entry` imports statically, transitively, relative to dist/. */
function staticGraph(entry) {
  return staticImportClosure(join(DIST, entry)).map(file => relative(DIST, file))
}

/** Modules that load on the way to a connection, never at load. */
const CONNECTION_CODE = [
  'stores/connect/connection.js',
  'stores/connect/sessions.js',
  'stores/connect/walletconnect-session.js',
  'stores/account/account-details.js'
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
