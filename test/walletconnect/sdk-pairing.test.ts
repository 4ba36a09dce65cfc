/**
 * The real dapp SDK (@walletconnect/sign-client) pairs with the real wallet SDK (@reown/walletkit on
 * @walletconnect/core) through the local relay fixture (relay.ts), fully offline: connect, pair,
 * approve, a signed request round trip, disconnect; a rejected proposal; pairing expiry and reuse.
 *
 * Offline: every `fetch` the SDKs attempt (verify, pulse telemetry) is answered 503 at once and
 * listed at the end; storage is the SDKs' in-memory default in Node (nothing is written to disk).
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { buildApprovedNamespaces, getSdkError, parseUri } from '@walletconnect/utils'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import type { ICore } from '@walletconnect/types'
import { recoverMessageAddress, stringToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { WebSocket } from 'ws'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { solanaTestAccounts } from '../../local/solana/accounts.js'
import { startLocalRelay, type LocalRelay } from '../../local/walletconnect-relay/relay.js'

type Dapp = Awaited<ReturnType<typeof SignClient.init>>
type Wallet = Awaited<ReturnType<typeof WalletKit.init>>

const PROJECT_ID = 'local-test'
const EVM_CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'
const evmAccount = privateKeyToAccount(TEST_ACCOUNTS[1].privateKey)
const SOLANA_ADDRESS = solanaTestAccounts[0]!.publicKey
const EVENT_TIMEOUT_MS = 10_000

const optionalNamespaces = {
  eip155: {
    chains: [EVM_CHAIN],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['accountsChanged', 'chainChanged']
  },
  solana: { chains: [SOLANA_CHAIN], methods: ['solana_signMessage', 'solana_signTransaction'], events: [] }
}
const supportedNamespaces = {
  eip155: { ...optionalNamespaces.eip155, accounts: [`${EVM_CHAIN}:${evmAccount.address}`] },
  solana: { ...optionalNamespaces.solana, accounts: [`${SOLANA_CHAIN}:${SOLANA_ADDRESS}`] }
}
const metadata = (name: string) => ({ name, description: `${name} (test)`, url: 'http://127.0.0.1', icons: [] })

// --- offline guard: the SDKs' HTTP calls are answered 503 at once instead of going out. A 503, not a
// thrown error: core's verify client clears its 5 s abort timer only when fetch returns, and a
// left-over timer holds the test process open 5 s after the last test.
const refusedFetches = new Set<string>()
const realFetch = globalThis.fetch
let relay: LocalRelay

before(async () => {
  globalThis.fetch = async input => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    refusedFetches.add(url.origin + url.pathname.replace(/[0-9a-f]{64}$/, ':id'))
    return new Response(null, { status: 503, statusText: 'offline test' })
  }
  relay = await startLocalRelay()
})

after(async () => {
  await relay.close()
  globalThis.fetch = realFetch
  if (refusedFetches.size) console.log(`# fetches the SDKs attempted (answered 503): ${[...refusedFetches].join(', ')}`)
})

// --- clients
let clientCount = 0
/**
 * Core keeps one instance per `customStoragePrefix` on globalThis and hands it back to the next
 * `new Core` with the same prefix, so every client gets a prefix of its own.
 */
const prefix = (role: string) => `${role}-${process.pid}-${++clientCount}`

async function startPair(): Promise<{ dapp: Dapp; wallet: Wallet; stop(): Promise<void> }> {
  // logger: the SDKs' pino level ('debug' traces every relay frame when a test fails).
  const common = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false, logger: 'fatal' }
  const dapp = await SignClient.init({ ...common, customStoragePrefix: prefix('dapp'), metadata: metadata('Dapp') })
  const core = new Core({ ...common, customStoragePrefix: prefix('wallet') })
  const wallet = await WalletKit.init({ core, metadata: metadata('Wallet') })
  return { dapp, wallet, stop: () => Promise.all([stopCore(dapp.core), stopCore(core)]).then(() => undefined) }
}

/** Stops what keeps a core's process alive: the 5 s heartbeat interval and the relay socket. */
async function stopCore(core: ICore) {
  core.heartbeat.stop()
  await core.relayer.transportClose()
}

function nextEvent<E extends WalletKitTypes.Event>(
  wallet: Wallet,
  event: E
): Promise<WalletKitTypes.EventArguments[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS)
    wallet.once(event, (args: WalletKitTypes.EventArguments[E]) => {
      clearTimeout(timer)
      resolve(args)
    })
  })
}

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Dapp proposes, wallet pairs (when there is a URI) and approves; returns the dapp's session. */
async function connectAndApprove(dapp: Dapp, wallet: Wallet, pairingTopic?: string) {
  const proposalSeen = nextEvent(wallet, 'session_proposal')
  const { uri, approval } = await dapp.connect({ optionalNamespaces, ...(pairingTopic && { pairingTopic }) })
  if (uri) await wallet.pair({ uri })
  const proposal = await proposalSeen
  const namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces })
  const walletSession = await wallet.approveSession({ id: proposal.id, namespaces })
  const session = await withTimeout(approval(), 'approval()')
  return { uri, proposal, session, walletSession }
}

test('sign-client pairs with walletkit, signs a message and disconnects over the local relay', async () => {
  const { dapp, wallet, stop } = await startPair()
  try {
    const { uri, proposal, session, walletSession } = await connectAndApprove(dapp, wallet)
    assert.ok(uri?.startsWith('wc:'), 'connect() returns a pairing URI')
    assert.equal(proposal.params.proposer.metadata.name, 'Dapp')
    assert.equal(session.topic, walletSession.topic)
    assert.deepEqual(session.namespaces.eip155?.accounts, [`${EVM_CHAIN}:${evmAccount.address}`])
    assert.deepEqual(session.namespaces.solana?.accounts, [`${SOLANA_CHAIN}:${SOLANA_ADDRESS}`])
    assert.equal(session.peer.metadata.name, 'Wallet')
    // Core 2.25.0 sends the proposal and the approval as relay methods, not as irn_publish.
    assert.ok(relay.methods.includes('wc_proposeSession') && relay.methods.includes('wc_approveSession'))

    // A request round trip: the wallet signs with the test key, the dapp recovers the signer.
    const message = stringToHex('Sign in to appkit-elements')
    const requestSeen = nextEvent(wallet, 'session_request')
    const answer = dapp.request<Hex>({
      topic: session.topic,
      chainId: EVM_CHAIN,
      request: { method: 'personal_sign', params: [message, evmAccount.address] }
    })
    const request = await requestSeen
    assert.equal(request.params.chainId, EVM_CHAIN)
    assert.equal(request.params.request.method, 'personal_sign')
    const [raw] = request.params.request.params as [Hex, string]
    const signature = await evmAccount.signMessage({ message: { raw } })
    await wallet.respondSessionRequest({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', result: signature }
    })
    const signed = await withTimeout(answer, 'request()')
    assert.equal(await recoverMessageAddress({ message: { raw: message }, signature: signed }), evmAccount.address)

    // The dapp disconnects; the wallet is told.
    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    assert.equal((await deleted).topic, session.topic)
    assert.equal(dapp.session.keys.length, 0)
  } finally {
    await stop()
  }
})

test('a proposal the wallet rejects rejects the dapp approval()', async () => {
  const { dapp, wallet, stop } = await startPair()
  try {
    const proposalSeen = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces })
    await wallet.pair({ uri: uri! })
    const proposal = await proposalSeen
    const settled = withTimeout(approval(), 'approval()')
    await wallet.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    await assert.rejects(settled, (error: { code?: number; message?: string }) => {
      assert.equal(error.code, getSdkError('USER_REJECTED').code)
      return true
    })
    assert.equal(dapp.session.keys.length, 0)
  } finally {
    await stop()
  }
})

test('pairing expiry is 5 minutes and an active pairing can be reused with connect({ pairingTopic })', async () => {
  const { dapp, wallet, stop } = await startPair()
  try {
    const first = await connectAndApprove(dapp, wallet)
    const { topic, expiryTimestamp } = parseUri(first.uri!)
    const nowSeconds = Math.floor(Date.now() / 1000)
    // The URI carries the expiry (seconds); core 2.25.0 hard-codes 5 minutes (pairing.create has no expiry option).
    assert.ok(expiryTimestamp && Math.abs(expiryTimestamp - (nowSeconds + 300)) <= 5, `URI expiry ${expiryTimestamp}`)
    const pairing = dapp.core.pairing.pairings.get(topic)
    assert.equal(pairing.active, true, 'approval activates the pairing')
    // activate() also sets 5 minutes from activation.
    assert.ok(Math.abs(pairing.expiry - (nowSeconds + 300)) <= 5, `pairing expiry ${pairing.expiry}`)

    // Reuse: no new URI, the proposal goes over the existing pairing topic.
    const second = await connectAndApprove(dapp, wallet, topic)
    assert.equal(second.uri, undefined)
    assert.equal(second.proposal.params.pairingTopic, topic)
    assert.notEqual(second.session.topic, first.session.topic)
    assert.equal(dapp.session.keys.length, 2)
  } finally {
    await stop()
  }
})

// --- the relay fixture itself, spoken to raw (each socket without `?auth=` is a client of its own)
interface RawClient {
  call(method: string, params?: unknown): Promise<{ result?: unknown; error?: { code: number } }>
  /** Params of every irn_subscription received so far. */
  received: { id: string; data: { topic: string; message: string; tag: number } }[]
  close(): void
}

async function rawClient(url: string): Promise<RawClient> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const pending = new Map<number, (answer: { result?: unknown; error?: { code: number } }) => void>()
  const received: RawClient['received'] = []
  let nextId = 1
  socket.on('message', data => {
    const frame = JSON.parse(data.toString())
    if (frame.method === 'irn_subscription') received.push(frame.params)
    else pending.get(frame.id)?.(frame)
  })
  return {
    received,
    call: (method, params) =>
      withTimeout(
        new Promise(resolve => {
          const id = nextId++
          pending.set(id, resolve)
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
        }),
        method
      ),
    close: () => socket.close()
  }
}

test('the relay keeps messages for later subscribers, delivers each once and never back to the publisher', async () => {
  const [a, b, c] = await Promise.all([rawClient(relay.url), rawClient(relay.url), rawClient(relay.url)])
  try {
    const topic = 'a'.repeat(64)
    assert.equal((await a.call('irn_publish', { topic, message: 'm1', ttl: 60, tag: 1108 })).result, true)
    const { result: subscriptionId } = await b.call('irn_subscribe', { topic })
    assert.match(String(subscriptionId), /^[0-9a-f]{64}$/)
    // Deliveries are sent right after the answer, so one more round trip makes sure they arrived.
    await b.call('irn_batchFetchMessages', { topics: [topic] })
    assert.deepEqual(
      b.received.map(r => [r.id, r.data.message, r.data.tag]),
      [[subscriptionId, 'm1', 1108]]
    )
    assert.deepEqual((await b.call('irn_batchFetchMessages', { topics: [topic] })).result, {
      messages: [],
      hasMore: false
    })
    await a.call('irn_subscribe', { topic })
    assert.deepEqual((await a.call('irn_batchFetchMessages', { topics: [topic] })).result, {
      messages: [],
      hasMore: false
    })
    assert.equal(a.received.length, 0, 'the publisher does not get its own message')
    const fetched = (await c.call('irn_batchFetchMessages', { topics: [topic] })).result as {
      messages: { message: string }[]
    }
    assert.deepEqual(
      fetched.messages.map(m => m.message),
      ['m1']
    )

    // wc_proposeSession subscribes the proposer to the pairing topic, so it gets the answer.
    const pairingTopic = 'b'.repeat(64)
    await a.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300 })
    await c.call('irn_subscribe', { topic: pairingTopic })
    await c.call('irn_publish', { topic: pairingTopic, message: 'answer', ttl: 300, tag: 1101 })
    await c.call('irn_batchFetchMessages', { topics: [] })
    await a.call('irn_batchFetchMessages', { topics: [] })
    assert.deepEqual(
      c.received.map(r => [r.data.message, r.data.tag]),
      [['proposal', 1100]]
    )
    assert.deepEqual(
      a.received.map(r => [r.data.message, r.data.tag]),
      [['answer', 1101]]
    )

    // Errors are JSON-RPC errors and the socket stays open.
    assert.equal((await b.call('irn_nope', {})).error?.code, -32601)
    assert.equal((await b.call('irn_publish', { topic })).error?.code, -32602)
    assert.equal((await b.call('irn_unsubscribe', { topic, id: subscriptionId })).result, true)
  } finally {
    for (const client of [a, b, c]) client.close()
  }
})
