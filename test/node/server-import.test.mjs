// Importing the kit or its React layer on a server (Node, no window) must not throw, and server
// rendering sees the disconnected state. Runs against the built package (npm run build).
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { test } from 'node:test'

const dist = new URL('../../dist/', import.meta.url)

test('the built package exists (run `npm run build` first)', () => {
  assert.ok(existsSync(new URL('index.js', dist)), 'dist/index.js is missing: run `npm run build` first')
})

test('appkit-elements imports on a server and createAppKit works without a DOM', async () => {
  assert.equal(typeof globalThis.window, 'undefined')
  const kit = await import(new URL('index.js', dist).href)
  const { evmAdapter, localChainA } = await import(new URL('evm.js', dist).href)
  const instance = kit.createAppKit({ projectId: 'ssr', adapters: [evmAdapter()], networks: [localChainA] })
  assert.deepEqual(instance.getState(), {
    open: false,
    loading: false,
    selectedNetworkId: 'eip155:31337',
    activeChain: 'eip155'
  })
  assert.throws(() => kit.createAppKit({ projectId: 'ssr', networks: [] }), /option "networks"/)
})

test('appkit-elements/react renders on a server with the disconnected state', async () => {
  const React = await import('react')
  const { renderToString } = await import('react-dom/server')
  const reactLayer = await import(new URL('react/index.js', dist).href)
  function Probe() {
    const account = reactLayer.useAppKitAccount()
    const state = reactLayer.useAppKitState()
    const { open, close } = reactLayer.useAppKit()
    return React.createElement(
      'p',
      null,
      `${account.isConnected}|${account.status}|${state.open}|${typeof open}|${typeof close}`
    )
  }
  const html = renderToString(
    React.createElement('div', null, React.createElement(reactLayer.AppKitButton), React.createElement(Probe))
  )
  assert.match(html, /<appkit-button/)
  assert.match(html, /false\|disconnected\|false\|function\|function/)
})
