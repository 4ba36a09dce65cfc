// The kit's WalletConnect controller and connectors (src/connectors/walletconnect/) with the real
// dapp SDK in this process, paired over the local relay with the real wallet SDK: proposal,
// approval into accounts per namespace, the connectors' results, a wallet's chain event, restoring
// the session, disconnecting, and a rejection.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { getSdkError } from '@walletconnect/utils'
import { createWalletConnectConnector } from '../../src/connectors/walletconnect/connector.js'
import {
  createWalletConnectController,
  type WalletConnectEvent
} from '../../src/connectors/walletconnect/controller.js'
import {
  proposalNamespaces,
  resetSignClients,
  sessionAccounts
} from '../../src/connectors/walletconnect/sign-client.js'
import { bsc, localChainA, localChainB, solanaLocal } from '../../src/networks/definitions.js'
import { startLocalRelay, type LocalRelay } from '../../local/walletconnect-relay/relay.js'
import { startTestWalletKit, type TestWalletKit } from './wallet-side.js'

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL = 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA'
const networks = [localChainA, localChainB, solanaLocal]
const realFetch = globalThis.fetch
let relay: LocalRelay
let wallet: TestWalletKit

before(async () => {
  // The SDKs' calls to WalletConnect's cloud (telemetry, verify) are answered 503 at once: no internet here.
  globalThis.fetch = async () => new Response(null, { status: 503 })
  relay = await startLocalRelay()
  wallet = await startTestWalletKit(relay.url)
})

after(async () => {
  await resetSignClients()
  await wallet.stop()
  await relay.close()
  globalThis.fetch = realFetch
})

test('proposalNamespaces asks for every network of the app, grouped by namespace', () => {
  const namespaces = proposalNamespaces([localChainA, localChainB, bsc, solanaLocal])
  assert.deepEqual(namespaces.eip155?.chains, ['eip155:31337', 'eip155:31338', 'eip155:56'])
  assert.ok(namespaces.eip155?.methods.includes('personal_sign'))
  assert.deepEqual(namespaces.eip155?.events, ['accountsChanged', 'chainChanged'])
  assert.deepEqual(namespaces.solana?.chains, [solanaLocal.caipNetworkId])
  assert.ok(namespaces.solana?.methods.includes('solana_signMessage'))
})

test('sessionAccounts groups the approved CAIP-10 accounts by namespace, on the first account’s chain', () => {
  assert.deepEqual(
    sessionAccounts({
      eip155: { accounts: [`eip155:31337:${EVM}`, `eip155:31338:${EVM}`, `eip155:31337:${EVM}`] },
      solana: { accounts: [`${solanaLocal.caipNetworkId}:${SOL}`] },
      bogus: { accounts: ['not-caip'] }
    }),
    { eip155: { chainId: '31337', addresses: [EVM] }, solana: { chainId: solanaLocal.id, addresses: [SOL] } }
  )
})

test('propose -> the wallet approves -> accounts per namespace; connectors, chain event, restore, disconnect', async () => {
  await resetSignClients()
  const controller = newController()
  const evm = createWalletConnectConnector(controller, 'eip155', networks)
  const solana = createWalletConnectConnector(controller, 'solana', networks)
  const events: WalletConnectEvent[] = []
  controller.on(event => events.push(event))

  const proposal = await controller.propose()
  assert.match(proposal.uri ?? '', /^wc:[0-9a-f]{64}@2\?/)
  assert.equal(proposal.pairingTopic, proposal.uri?.slice(3, 67))
  await wallet.pairAndAnswer(proposal.uri ?? '', {
    accounts: [`eip155:31337:${EVM}`, `eip155:31338:${EVM}`, `${solanaLocal.caipNetworkId}:${SOL}`]
  })
  const accounts = await proposal.approval
  assert.deepEqual(accounts.eip155, { chainId: '31337', addresses: [EVM] })
  assert.deepEqual(accounts.solana, { chainId: solanaLocal.id, addresses: [SOL] })

  assert.deepEqual(await evm.connect({ network: localChainA }), { address: EVM, accounts: [EVM], chainId: '31337' })
  assert.deepEqual(await solana.connect({ network: solanaLocal }), {
    address: SOL,
    accounts: [SOL],
    chainId: solanaLocal.id
  })
  // A chain the session allows: the connector moves; one it does not: Network Not Found.
  await evm.switchNetwork(localChainB)
  assert.equal(await evm.getChainId(), '31338')
  await assert.rejects(evm.switchNetwork(bsc), { name: 'ChainNotConfiguredError' })

  // The wallet reports another chain: the EVM connector hears it, the Solana one does not.
  const heard: (string | number)[] = []
  const stop = evm.on('chainChanged', chainId => heard.push(chainId))
  const stopSolana = solana.on('chainChanged', chainId => heard.push(`solana:${chainId}`))
  const [session] = wallet.kit.getActiveSessions ? Object.values(wallet.kit.getActiveSessions()) : []
  assert.ok(session, 'the wallet holds the session')
  await wallet.kit.emitSessionEvent({
    topic: session.topic,
    event: { name: 'chainChanged', data: 31337 },
    chainId: 'eip155:31337'
  })
  await waitFor(() => heard.length > 0, 'the chainChanged event')
  assert.deepEqual(heard, ['31337'])
  stop()
  stopSolana()

  // Restore (a reload in the same page): the session's accounts without a new proposal.
  assert.deepEqual(await controller.restore(), accounts)

  // Disconnect from the kit: the wallet hears session_delete; the connectors have no account left.
  const deleted = wallet.nextEvent('session_delete')
  let solanaEnded = false
  solana.on('disconnect', () => (solanaEnded = true))
  await evm.disconnect()
  // One session serves both namespaces: the Solana connector hears that it ended.
  assert.equal(solanaEnded, true)
  assert.equal((await deleted).topic, session.topic)
  assert.deepEqual(await evm.getAccounts(), [])
  assert.equal(await solana.reconnect({}), undefined)
  assert.equal(
    events.some(event => event.type === 'chain'),
    true
  )
})

test('the wallet ends the session: the connectors hear disconnect', async () => {
  await resetSignClients()
  const controller = newController()
  const evm = createWalletConnectConnector(controller, 'eip155', networks)
  const proposal = await controller.propose()
  await wallet.pairAndAnswer(proposal.uri ?? '', { accounts: [`eip155:31337:${EVM}`] })
  await proposal.approval
  let ended = false
  evm.on('disconnect', () => (ended = true))
  const topic = Object.keys(wallet.kit.getActiveSessions()).at(-1) ?? ''
  await wallet.kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
  await waitFor(() => ended, 'the disconnect event')
  assert.equal(controller.accounts(), undefined)
})

test('a proposal the wallet rejects rejects the approval as a rejection in the wallet (4001, “Connection declined”)', async () => {
  await resetSignClients()
  const controller = newController()
  const proposal = await controller.propose()
  const settled = proposal.approval.then(
    () => assert.fail('approved'),
    (error: { code?: number }) => error.code
  )
  await wallet.pairAndAnswer(proposal.uri ?? '', 'reject')
  assert.equal(await settled, 4001)
})

/** A controller of the kit on the local relay, as createAppKit makes it (a fresh SDK client). */
function newController() {
  return createWalletConnectController({
    projectId: 'local-test',
    relayUrl: relay.url,
    metadata: { name: 'Kit under test', description: '', url: 'http://127.0.0.1', icons: [] },
    networks
  })
}

async function waitFor(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}
