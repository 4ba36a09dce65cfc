import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import { createAppKit } from '../../../src/app-kit.js'
import { localChainA, solanaLocal } from '../../../src/networks/definitions.js'
import { storedWalletConnectPairing } from '../../../src/storage/keys.js'
import { connectionsMostRecentFirst, saveConnection } from '../../../src/storage/connections.js'
import { getRecentWallets } from '../../../src/storage/recent-wallets.js'
import { $account } from '../../../src/stores/account.js'
import {
  $connection,
  activeConnector,
  canSend,
  chooseWallet,
  disconnect,
  selectConnector
} from '../../../src/stores/connect/connection.js'
import { $connectors, getConnector, loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal, openModal } from '../../../src/stores/modal.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { $router } from '../../../src/stores/router.js'
import { $walletConnect, resetWalletConnect, startWalletConnect } from '../../../src/stores/connect/walletconnect.js'
import { useWalletConnectController } from '../../../src/stores/connect/walletconnect-session.js'
import { overrideMobile } from '../../../src/utils/device.js'
import { FakeWalletConnectController } from '../../fixtures/fake-walletconnect-controller.js'
import { encodeBase58 } from '../../../local/wallets/solana-test-wallet/base58.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, until } from './support.js'

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL = 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA'
const MINUTES_4 = 4 * 60_000
const approved = {
  eip155: { chainId: '31337', addresses: [EVM] },
  solana: { chainId: solanaLocal.id, addresses: [SOL] }
}

describe('the WalletConnect store', () => {
  let controller: FakeWalletConnectController

  beforeEach(() => {
    const backend = setUpConnection({
      enableWalletConnect: true,
      networks: [...TEST_NETWORKS, solanaLocal],
      defaultNetwork: localChainA
    })
    backend.nativeBalanceAnswer = { balance: '1', symbol: 'ETH' }
    controller = new FakeWalletConnectController()
    useWalletConnectController(controller)
  })
  afterEach(() => {
    delete (window as { Telegram?: unknown }).Telegram
    overrideMobile(undefined)
    tearDownConnection()
  })

  it('lists WalletConnect once, first, and choosing it opens ConnectingWalletConnect', async () => {
    await loadConnectors()
    const ids = $connectors.get().connectors.map(c => c.id)
    expect(ids).to.deep.equal(['walletConnect'])
    openModal()
    expect(await selectConnector('walletConnect', 'eip155')).to.equal(false)
    expect($router.get().view).to.equal('ConnectingWalletConnect')
  })

  it('the Connect view draws WalletConnect’s mark inline (no data: image, which a strict CSP blocks)', async () => {
    await loadConnectors()
    const view = await fixture<HTMLElement>(html`<w3m-connect-view></w3m-connect-view>`)
    const row = view.shadowRoot?.querySelector('[data-testid="connector-walletConnect"]')
    expect(row?.querySelector('svg.wc-logo')).to.not.equal(null)
    expect(row?.querySelector('img, wui-wallet-image')).to.equal(null)
    await expect(view).to.be.accessible()
  })

  it('shows a new pairing lasting 4 minutes and stores it', async () => {
    const before = Date.now()
    void startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    const { uri, expiresAt } = $walletConnect.get()
    expect(uri).to.match(/^wc:01/)
    expect(expiresAt! - before).to.be.within(MINUTES_4, MINUTES_4 + 1000)
    expect(storedWalletConnectPairing.get()).to.deep.include({ uri, expiresAt })
    expect(controller.proposals).to.deep.equal([{ pairingTopic: undefined }])
  })

  it('the approval opens a connection per approved namespace, shows the active network’s, and moves to Account', async () => {
    openModal({ view: 'ConnectingWalletConnect' })
    const done = startWalletConnect({ id: 'catalog-wallet', name: 'Catalog Wallet' })
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
    const { connections, activeNamespace, status } = $connection.get()
    expect(status).to.equal('connected')
    expect(activeNamespace).to.equal('eip155')
    expect(connections.eip155).to.include({ connectorId: 'walletConnect', address: EVM })
    expect(connections.solana).to.include({ connectorId: 'walletConnect', address: SOL })
    expect($account.get().caipAddress).to.equal(`eip155:31337:${EVM}`)
    expect($router.get().view).to.equal('Account')
    expect($walletConnect.get().status).to.equal('idle')
    expect(getRecentWallets().map(w => w.id)).to.include('catalog-wallet')
    expect(
      connectionsMostRecentFirst()
        .map(c => [c.namespace, c.connectorId])
        .sort()
    ).to.deep.equal([
      ['eip155', 'walletConnect'],
      ['solana', 'walletConnect']
    ])
  })

  it('sends through the session: eth_sendTransaction on the chain, solana_signAndSendTransaction (base64 in, base58 signature out)', async () => {
    openModal({ view: 'ConnectingWalletConnect' })
    const done = startWalletConnect({ id: 'catalog-wallet', name: 'Catalog Wallet' })
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
    expect(canSend()).to.equal(true)
    const hash = `0x${'12'.repeat(32)}`
    const signature = Uint8Array.from({ length: 64 }, (_, index) => index)
    controller.answer = method => (method === 'eth_sendTransaction' ? hash : { signature: encodeBase58(signature) })
    const evm = activeConnector()!
    expect(await evm.sendTransaction!({ namespace: 'eip155', from: EVM, to: EVM, value: 10n, data: '0x' })).to.equal(
      hash
    )
    expect(controller.requests.at(-1)).to.deep.equal({
      caipNetworkId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: [{ from: EVM, to: EVM, value: '0xa', data: '0x' }]
    })
    const solanaConnector = getConnector('walletConnect', 'solana')!
    const sent = await solanaConnector.sendTransaction!({
      namespace: 'solana',
      from: SOL,
      chain: solanaLocal.caipNetworkId,
      transaction: Uint8Array.of(1, 2, 3)
    })
    expect(sent).to.equal(`0x${Array.from(signature, byte => byte.toString(16).padStart(2, '0')).join('')}`)
    expect(controller.requests.at(-1)).to.deep.equal({
      caipNetworkId: solanaLocal.caipNetworkId,
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQID', pubkey: SOL }
    })
    // An answer without a signature is an error, not a sent transfer.
    controller.answer = () => ({ signature: '1' })
    let failed: unknown
    try {
      await solanaConnector.sendTransaction!({
        namespace: 'solana',
        from: SOL,
        chain: solanaLocal.caipNetworkId,
        transaction: Uint8Array.of(1)
      })
    } catch (error) {
      failed = error
    }
    expect(failed).to.be.instanceOf(Error)
  })

  it('signs messages through the session: personal_sign (UTF-8 as hex), solana_signMessage (base58 in and out)', async () => {
    openModal({ view: 'ConnectingWalletConnect' })
    const done = startWalletConnect({ id: 'catalog-wallet', name: 'Catalog Wallet' })
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
    const evmSignature = `0x${'ab'.repeat(65)}`
    const solanaSignature = encodeBase58(Uint8Array.from({ length: 64 }, (_, index) => index + 1))
    controller.answer = method => (method === 'personal_sign' ? evmSignature : { signature: solanaSignature })
    expect(await activeConnector()!.signMessage!('Hi ✓', EVM)).to.equal(evmSignature)
    expect(controller.requests.at(-1)).to.deep.equal({
      caipNetworkId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x486920e29c93', EVM]
    })
    const solanaConnector = getConnector('walletConnect', 'solana')!
    expect(await solanaConnector.signMessage!('Hi', SOL)).to.equal(solanaSignature)
    expect(controller.requests.at(-1)).to.deep.equal({
      caipNetworkId: solanaLocal.caipNetworkId,
      method: 'solana_signMessage',
      params: { message: encodeBase58(new TextEncoder().encode('Hi')), pubkey: SOL }
    })
    // Answers that are not signatures are errors.
    controller.answer = method => (method === 'personal_sign' ? 'yes' : { signature: '1' })
    let evmFailed: unknown
    let solanaFailed: unknown
    await activeConnector()!.signMessage!('Hi', EVM).catch(error => (evmFailed = error))
    await solanaConnector.signMessage!('Hi', SOL).catch(error => (solanaFailed = error))
    expect(evmFailed).to.be.instanceOf(Error)
    expect(solanaFailed).to.be.instanceOf(Error)
  })

  it('a wallet that declines shows “Connection declined” and Try again makes a new proposal', async () => {
    const done = startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.reject(Object.assign(new Error('declined'), { code: 4001 }))
    await done
    expect($walletConnect.get()).to.include({ status: 'failed', error: 'Connection declined' })
    expect($connection.get().status).to.equal('disconnected')
  })

  it('on Telegram an unexpired stored pairing is reused; elsewhere a new one starts', async () => {
    const stored = {
      topic: 'ef'.repeat(32),
      uri: `wc:${'ef'.repeat(32)}@2?relay-protocol=irn&symKey=${'12'.repeat(32)}`,
      expiresAt: Date.now() + 60_000
    }
    storedWalletConnectPairing.set(stored)
    controller.activePairingTopic = stored.topic
    void startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    expect(controller.proposals).to.deep.equal([{ pairingTopic: undefined }])
    expect($walletConnect.get().uri).to.not.equal(stored.uri)

    resetWalletConnect()
    storedWalletConnectPairing.set(stored)
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: {} }
    void startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the reused pairing')
    expect(controller.proposals.at(-1)).to.deep.equal({ pairingTopic: stored.topic })
    expect($walletConnect.get()).to.include({ uri: stored.uri, expiresAt: stored.expiresAt })
  })

  it('a stored pairing with under 10 s left is not reused, and a shown one is renewed when it gets there', async () => {
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: {} }
    const topic = 'aa'.repeat(32)
    storedWalletConnectPairing.set({
      topic,
      uri: `wc:${topic}@2?relay-protocol=irn&symKey=${'12'.repeat(32)}`,
      expiresAt: Date.now() + 9_999
    })
    controller.activePairingTopic = topic
    void startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    expect(controller.proposals).to.deep.equal([{ pairingTopic: undefined }])

    // A reused pairing with 10.2 s left is shown, then renewed once under 10 s remain.
    resetWalletConnect()
    controller.proposals = []
    storedWalletConnectPairing.set({
      topic,
      uri: `wc:${topic}@2?relay-protocol=irn&symKey=${'12'.repeat(32)}`,
      expiresAt: Date.now() + 10_200
    })
    void startWalletConnect()
    await until(() => $walletConnect.get().uri?.startsWith(`wc:${topic}`) === true, 'the reused pairing')
    await until(() => controller.proposals.length === 2, 'the renewal')
    await until(
      () => $walletConnect.get().status === 'ready' && !$walletConnect.get().uri?.startsWith(`wc:${topic}`),
      'the new pairing'
    )
    expect($walletConnect.get().expiresAt! - Date.now()).to.be.greaterThan(MINUTES_4 - 5000)
  })

  it('reconnects a stored WalletConnect connection on load without a proposal', async () => {
    saveConnection('eip155', { connectorId: 'walletConnect', caipAddresses: [`eip155:31337:${EVM}`] })
    controller.restorable = approved
    expect(await reconnect()).to.equal(true)
    expect($connection.get().connections.eip155?.connectorId).to.equal('walletConnect')
    expect(controller.proposals).to.deep.equal([])
  })

  it('a WalletConnect-only app (no adapters) reconnects its stored WalletConnect connection', async () => {
    setUpConnection({ adapters: [], enableWalletConnect: true, networks: [...TEST_NETWORKS, solanaLocal] })
    useWalletConnectController(controller)
    saveConnection('solana', { connectorId: 'walletConnect', caipAddresses: [`${solanaLocal.caipNetworkId}:${SOL}`] })
    controller.restorable = approved
    expect(await reconnect()).to.equal(true)
    expect($connection.get().connections.solana).to.include({ connectorId: 'walletConnect', address: SOL })
  })

  it('the instance’s disconnect() ends the WalletConnect session and tells the wallet', async () => {
    const appKit = createAppKit({ projectId: 'test-project', networks: [localChainA, solanaLocal] })
    useWalletConnectController(controller)
    const done = startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
    expect($connection.get().status).to.equal('connected')
    // One WalletConnect session serves both namespaces: ending it for one ends the other's too.
    expect(await appKit.disconnect('solana')).to.equal(true)
    expect($connection.get().connections).to.deep.equal({})
    expect($connection.get().status).to.equal('disconnected')
    expect(controller.disconnects).to.equal(1)
    expect(connectionsMostRecentFirst()).to.deep.equal([])
    expect(await appKit.disconnect()).to.equal(true)
    document.querySelectorAll('w3m-modal').forEach(modal => modal.remove())
  })

  it('the wallet ending the session disconnects every namespace it served; disconnect tells the wallet', async () => {
    const done = startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
    controller.end()
    expect($connection.get().status).to.equal('disconnected')
    expect($connection.get().connections).to.deep.equal({})

    const again = startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the second pairing')
    controller.approve(approved)
    await again
    expect(await disconnect()).to.equal(true)
    // The session ends once, for both namespaces.
    expect(controller.disconnects).to.equal(1)
    expect($connection.get().status).to.equal('disconnected')
    expect($modal.get().open).to.equal(false)
  })

  it('on a phone, choosing MetaMask outside its browser sends the page to its in-app browser (synchronously)', () => {
    overrideMobile(true)
    const opened: string[] = []
    const open = window.open
    window.open = ((url: string) => {
      opened.push(url)
      return null
    }) as typeof window.open
    try {
      openModal({ view: 'AllWallets' })
      chooseWallet({ id: 'unknown-id', name: 'MetaMask', rdns: 'io.metamask' })
    } finally {
      window.open = open
    }
    expect(opened).to.have.length(1)
    expect(opened[0]).to.match(/^https:\/\/metamask\.app\.link\/dapp\//)
    expect($router.get().view).to.equal('AllWallets')
    // On a desktop the same choice shows the QR view.
    overrideMobile(false)
    chooseWallet({ id: 'unknown-id', name: 'MetaMask', rdns: 'io.metamask' })
    expect($router.get().view).to.equal('ConnectingWalletConnect')
  })
})
