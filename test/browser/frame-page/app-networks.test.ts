// The embedded wallet on the app's networks (docs/behaviour.md section 3, "Supported frame networks"; issue
// 29): the kit's AuthClient tells the real frame page (fixture/frame.html, its backend serving only
// Local Chain A, 404 'Unknown chain' for the rest) the app's networks and default network before any
// other request; the frame then starts on the app's default network instead of 31337, and reads a
// network its backend does not serve through the app's own RPC URL, called from the frame's page in
// the browser (app-rpc.mjs records the call and its Origin). The kit puts that URL's origin in the
// frame's address (the served page's connect-src, service/backend/frame-app.ts). Sending on a real third
// chain that way: test/server/frame-chain-fallback.test.ts.
import { expect } from '@open-wc/testing'
import { appNetworks, rpcOrigins } from '../../../src/connectors/auth/app-networks.js'
import { AuthClient } from '../../../src/connectors/auth/auth-client.js'
import { parseFrameRequest, frameRequest } from '../../../src/frame/messages.js'
import { localChainA, localChainB, solana } from '../../../src/networks/definitions.js'
import type { CaipNetwork } from '../../../src/networks/types.js'
import { rejection } from '../rejection.js'
import { until } from '../wait.js'
import { LOGIN_CODE } from './fake-backend.js'

const FRAME_ORIGIN = `http://127.0.0.1:${location.port}`
const FRAME_URL = `${FRAME_ORIGIN}/test/browser/frame-page/fixture/frame.html?served=eip155:31337`
/** A third local chain: not Local Chain A or B, not in the backend's list. */
const THIRD_CHAIN_ID = 31339
const APP_RPC_BALANCE = '0x14d1120d7b160000'

const thirdChain = (rpcUrl: string): CaipNetwork => ({
  ...localChainA,
  id: THIRD_CHAIN_ID,
  caipNetworkId: `eip155:${THIRD_CHAIN_ID}`,
  name: 'Local Chain C',
  rpcUrls: { default: { http: [rpcUrl] } }
})

describe("the frame on the app's networks (docs/behaviour.md section 3)", () => {
  let client: AuthClient | undefined
  afterEach(() => {
    client?.close()
    client = undefined
  })

  async function loggedIn(networks: CaipNetwork[], defaultNetwork?: CaipNetwork) {
    client = new AuthClient({
      frameUrl: FRAME_URL,
      projectId: 'demo',
      title: 'Secure wallet',
      timeouts: { readyDelay: 0 },
      appData: { sdkVersion: 'test', sdkType: 'appkit', projectId: 'demo', ...appNetworks(networks, defaultNetwork) }
    })
    await client.request('connectEmail', { email: 'visitor@example.com' })
    await client.request('connectOtp', { otp: LOGIN_CODE })
    return client
  }

  it("starts on the app's default network, and reads one its backend does not serve through the app's RPC URL", async () => {
    const rpcUrl = `${FRAME_ORIGIN}/app-rpc/${THIRD_CHAIN_ID}`
    // The record, read from the test page's own origin (the test server's, as the frame's).
    const record = `/app-rpc/${THIRD_CHAIN_ID}/__calls`
    const before = (await (await fetch(record)).json()) as unknown[]
    const third = thirdChain(rpcUrl)
    const frame = await loggedIn([localChainA, third], third)

    expect(new URL(frame.frame.iframe.src).searchParams.getAll('rpc')).to.deep.equal([
      'http://127.0.0.1:8545',
      FRAME_ORIGIN
    ])
    const user = await frame.request('getUser', {})
    expect(user.chainId).to.equal(THIRD_CHAIN_ID)
    expect(await frame.rpc('eth_chainId')).to.equal(`0x${THIRD_CHAIN_ID.toString(16)}`)
    expect(await frame.rpc('eth_getBalance', [user.address, 'latest'])).to.equal(APP_RPC_BALANCE)

    const calls = ((await (await fetch(record)).json()) as { method: string; origin: string }[]).slice(before.length)
    // Its chain id checked first, then the read; both from the frame's page (its origin).
    expect(calls).to.deep.equal([
      { method: 'eth_chainId', origin: FRAME_ORIGIN },
      { method: 'eth_getBalance', origin: FRAME_ORIGIN }
    ])
  })

  it("a frame that said ready only after its load timeout gets the app's data before the next request (issue 33)", async () => {
    const third = thirdChain(`${FRAME_ORIGIN}/app-rpc/${THIRD_CHAIN_ID}`)
    // A load timeout no frame meets: the first request fails with the load; the frame says ready later.
    client = new AuthClient({
      frameUrl: FRAME_URL,
      projectId: 'demo',
      title: 'Secure wallet',
      timeouts: { readyDelay: 0, load: 1 },
      appData: { sdkVersion: 'test', sdkType: 'appkit', projectId: 'demo', ...appNetworks([localChainA, third], third) }
    })
    expect(await rejection(client.request('connectEmail', { email: 'visitor@example.com' }))).to.be.instanceOf(Error)
    const late = client
    await until(() => late.state !== 'not-ready', 'the frame says ready, late')
    await client.request('connectEmail', { email: 'visitor@example.com' })
    await client.request('connectOtp', { otp: LOGIN_CODE })
    // Started on the app's default network: the app's data went first.
    expect((await client.request('getUser', {})).chainId).to.equal(THIRD_CHAIN_ID)
  })

  it('keeps 31337 when the app names no EVM network, and a network with no RPC URL reads nothing', async () => {
    const frame = await loggedIn([solana])
    const user = await frame.request('getUser', {})
    expect(user.chainId).to.equal(31337)
    await frame.request('switchNetwork', { chainId: THIRD_CHAIN_ID })
    const error = await rejection(frame.rpc('eth_blockNumber'))
    expect(error?.message).to.equal(
      `No RPC for eip155:${THIRD_CHAIN_ID}: the wallet's backend does not serve it and the app gave no RPC URL for it`
    )
  })
})

describe("what the kit tells the frame of the app's networks", () => {
  it('lists EVM and Solana networks with http(s) RPC URLs; the default network, else the first EVM one', () => {
    const ws = { ...localChainB, rpcUrls: { default: { http: ['ws://127.0.0.1:8546'] } } }
    const withUser = thirdChain('https://user:secret@rpc.example/')
    const data = appNetworks([solana, localChainA, ws, withUser], solana)
    expect(data).to.deep.equal({
      networks: [
        { caipNetworkId: solana.caipNetworkId, rpcUrl: 'https://api.mainnet-beta.solana.com' },
        { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:8545' }
      ],
      defaultChainId: 31337
    })
    expect(appNetworks([localChainA, localChainB], localChainB).defaultChainId).to.equal(31338)
    expect(appNetworks([localChainA, localChainB]).defaultChainId).to.equal(31337)
    expect(appNetworks([solana])).to.deep.equal({
      networks: [{ caipNetworkId: solana.caipNetworkId, rpcUrl: 'https://api.mainnet-beta.solana.com' }]
    })
    expect(rpcOrigins(data.networks)).to.deep.equal(['https://api.mainnet-beta.solana.com', 'http://127.0.0.1:8545'])
  })

  it('the frame refuses app data whose RPC URL is not http(s) or carries credentials', () => {
    const appData = (rpcUrl: string) =>
      frameRequest('syncDappData', {
        sdkVersion: 'test',
        sdkType: 'appkit',
        projectId: 'demo',
        networks: [{ caipNetworkId: 'eip155:1', rpcUrl }]
      })
    expect(parseFrameRequest(appData('https://rpc.example/v1'))).to.not.have.property('problem')
    for (const bad of ['ws://rpc.example', 'javascript:alert(1)', 'https://user:pass@rpc.example', 'rpc.example']) {
      expect(parseFrameRequest(appData(bad)), bad).to.have.property('problem')
    }
  })
})
