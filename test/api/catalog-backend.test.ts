// The wallets store over the real catalog client against the reference backend (service/backend/main.ts
// startServer: in-memory database, a free port on 127.0.0.1). A Node test, not a browser one (the
// browser runner cannot start the backend), so Web Test Runner's *.test.ts glob leaves it out:
//
//   node --import tsx --test test/api/catalog-backend.test.ts
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { setCatalogClient } from '../../src/api/catalog-client.js'
import { parseOptions } from '../../src/config/options.js'
import { localChainA } from '../../src/networks/definitions.js'
import { setOptions } from '../../src/stores/options.js'
import {
  $allWallets,
  $wallets,
  fetchNextPage,
  loadWallets,
  resetWallets,
  searchWallets
} from '../../src/stores/connect/wallets.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'

let server: RunningServer

before(async () => {
  server = await startServer({ port: 0, ignoreEnv: true })
  setCatalogClient(undefined)
  setOptions(parseOptions({ projectId: 'appkit-local', networks: [localChainA], apiUrl: server.url }))
})

after(async () => {
  resetWallets()
  await server?.stop()
})

test('recommended 4 and pages of 40 from GET /getWallets, image URLs on the backend', async () => {
  resetWallets()
  await loadWallets()
  const state = $wallets.get()
  assert.equal(state.error, undefined)
  assert.equal(state.recommended.length, 4)
  assert.equal(state.recommended[0]?.name, 'AppKit Dev Wallet')
  assert.equal(state.wallets.length, 40)
  assert.ok(state.count > 500, `count ${state.count}`)
  await fetchNextPage()
  assert.equal($wallets.get().wallets.length, 80)
  assert.equal(new Set($allWallets.get().map(w => w.id)).size, $allWallets.get().length)
  const image = state.wallets[0]?.imageUrl ?? ''
  assert.ok(image.startsWith(`${server.url}/getWalletImage/`), image)
  const response = await fetch(image)
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/)
})

test('search answers with up to 100 matching wallets', async () => {
  resetWallets()
  const started = Date.now()
  await searchWallets('Aurora')
  assert.ok(Date.now() - started >= 300)
  const { searchResults, error } = $wallets.get()
  assert.equal(error, undefined)
  assert.ok(searchResults.length > 0 && searchResults.length <= 100)
  assert.ok(searchResults.every(w => w.name.toLowerCase().includes('aurora')))
})

test('an unknown project is an error state, not a list', async () => {
  resetWallets()
  setOptions(parseOptions({ projectId: 'no-such-project', networks: [localChainA], apiUrl: server.url }))
  await loadWallets()
  assert.equal($wallets.get().wallets.length, 0)
  assert.match($wallets.get().error?.message ?? '', /HTTP status code: 403/)
  setOptions(parseOptions({ projectId: 'appkit-local', networks: [localChainA], apiUrl: server.url }))
})
