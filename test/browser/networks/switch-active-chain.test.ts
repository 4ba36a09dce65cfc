// Spec.md section 2, network switching across namespaces: connected on one namespace, choosing a
// network of another where no wallet is connected goes to SwitchActiveChain; confirming makes that
// network active and opens Connect, and the wallet connected there becomes the shown one while the
// first stays connected. With `ignoreSwitchConfirmation` the confirmation is skipped.
import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/views/networks/w3m-networks-view.js'
import '../../../src/elements/views/networks/w3m-switch-active-chain-view.js'
import { solanaAdapter } from '../../../src/adapters/solana/index.js'
import { resetSolanaConnectors } from '../../../src/adapters/solana/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { AppKitOptionsError, parseOptions } from '../../../src/config/options.js'
import { solanaLocal } from '../../../src/networks/definitions.js'
import { $account } from '../../../src/stores/account.js'
import { $connection, connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { openModal } from '../../../src/stores/modal.js'
import { $network } from '../../../src/stores/network.js'
import { chooseNetwork } from '../../../src/stores/networks/network-switch.js'
import { $router, pushView } from '../../../src/stores/router.js'
import { FAKE_ADDRESS, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { FakeStandardWallet, SOLANA_ADDRESS, registerStandardWallet } from '../../fixtures/standard-wallet.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track } from '../connect/support.js'

const SOLANA_LOCAL = solanaLocal.caipNetworkId
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const clickRow = (row: Element) => row.shadowRoot!.querySelector('button')!.click()

describe('switching to a network of another namespace (docs/behaviour.md section 2: SwitchActiveChain)', () => {
  const unregister: (() => void)[] = []
  let evmProvider: FakeEip1193Provider

  function setUp(options: { ignoreSwitchConfirmation?: boolean } = {}): void {
    resetWalletStandardDiscovery()
    resetSolanaConnectors()
    setUpConnection({
      adapters: [evmAdapter(), solanaAdapter()],
      networks: [...TEST_NETWORKS, solanaLocal],
      defaultNetwork: TEST_NETWORKS[2],
      ...options
    })
    evmProvider = new FakeEip1193Provider({ chainId: 31337 })
    track(announceWallet(evmProvider, { rdns: 'com.example.fake', name: 'Fake EVM' }))
    unregister.push(registerStandardWallet(new FakeStandardWallet()))
  }

  /** The modal on Account, then the Networks view over it, as the visitor opens them. */
  function openNetworksOverAccount(): void {
    openModal({ view: 'Account' })
    pushView('Networks')
  }

  /** `ignoreSwitchConfirmation` on, the EVM wallet connected, the Networks view over Account. */
  async function connectOnEvmSkippingConfirmation(): Promise<void> {
    setUp({ ignoreSwitchConfirmation: true })
    await loadConnectors()
    expect(await connect('com.example.fake')).to.equal(true)
    openNetworksOverAccount()
  }

  afterEach(() => {
    for (const stop of unregister.splice(0)) stop()
    resetWalletStandardDiscovery()
    tearDownConnection()
  })

  it('connected on EVM, choosing Solana shows SwitchActiveChain; Switch makes Solana active and opens Connect; the Solana wallet connected there is shown, the EVM one kept; accessible', async () => {
    setUp()
    await loadConnectors()
    expect(await connect('com.example.fake')).to.equal(true)
    openNetworksOverAccount()

    const list = await fixture(html`<w3m-networks-view></w3m-networks-view>`)
    clickRow(byTestId(list, `network-${SOLANA_LOCAL}`)!)
    expect($router.get().view).to.equal('SwitchActiveChain')
    expect($router.get().data).to.deep.equal({ caipNetworkId: SOLANA_LOCAL })
    // Nothing changed yet: the confirmation asks first.
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31337')
    expect(evmProvider.methods().filter(method => method.startsWith('wallet_'))).to.deep.equal([])

    const view = await fixture(html`<w3m-switch-active-chain-view></w3m-switch-active-chain-view>`)
    expect(byTestId(view, 'switch-active-chain-target')!.textContent!.trim()).to.equal('Switch to Solana Local')
    await expect(view).to.be.accessible()
    byTestId(view, 'switch-active-chain-confirm')!.click()
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(SOLANA_LOCAL)
    expect($router.get().view).to.equal('Connect')

    expect(await connect('Fake Solana Wallet')).to.equal(true)
    expect($connection.get().activeNamespace).to.equal('solana')
    expect($account.get().caipAddress).to.equal(`${SOLANA_LOCAL}:${SOLANA_ADDRESS}`)
    expect($connection.get().connections.eip155?.address).to.equal(FAKE_ADDRESS)
  })

  it('and the other way: connected on Solana, choosing an EVM network shows SwitchActiveChain, then Connect', async () => {
    setUp()
    await loadConnectors()
    expect(await connect('Fake Solana Wallet')).to.equal(true)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(SOLANA_LOCAL)
    openNetworksOverAccount()

    await chooseNetwork('eip155:31337')
    expect($router.get().view).to.equal('SwitchActiveChain')
    const view = await fixture(html`<w3m-switch-active-chain-view></w3m-switch-active-chain-view>`)
    expect(byTestId(view, 'switch-active-chain-target')!.textContent!.trim()).to.equal('Switch to Local Chain A')
    byTestId(view, 'switch-active-chain-confirm')!.click()
    expect($router.get().view).to.equal('Connect')
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31337')

    expect(await connect('com.example.fake')).to.equal(true)
    expect($account.get().caipAddress).to.equal(`eip155:31337:${FAKE_ADDRESS}`)
    expect($connection.get().connections.solana?.address).to.equal(SOLANA_ADDRESS)
  })

  it('with ignoreSwitchConfirmation, choosing Solana skips SwitchActiveChain: Solana is active and Connect opens at once', async () => {
    await connectOnEvmSkippingConfirmation()

    await chooseNetwork(SOLANA_LOCAL)
    expect($router.get().history).to.deep.equal(['Account', 'Networks', 'Connect'])
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(SOLANA_LOCAL)
    // The EVM wallet was not asked to do anything, and stays connected.
    expect(evmProvider.methods().filter(method => method.startsWith('wallet_'))).to.deep.equal([])
    expect($connection.get().connections.eip155?.address).to.equal(FAKE_ADDRESS)
  })

  it('ignoreSwitchConfirmation changes nothing where a wallet is connected on the target’s namespace: SwitchNetwork asks it', async () => {
    await connectOnEvmSkippingConfirmation()
    evmProvider.held.add('wallet_switchEthereumChain')
    const done = chooseNetwork('eip155:31338')
    expect($router.get().view).to.equal('SwitchNetwork')
    evmProvider.release('wallet_switchEthereumChain')
    await done
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    expect($router.get().view).to.equal('Account')
  })

  it('ignoreSwitchConfirmation is off by default, and only a boolean', () => {
    const base = { projectId: 'p', networks: [solanaLocal] }
    expect(parseOptions(base).ignoreSwitchConfirmation).to.equal(false)
    expect(parseOptions({ ...base, ignoreSwitchConfirmation: true }).ignoreSwitchConfirmation).to.equal(true)
    expect(() => parseOptions({ ...base, ignoreSwitchConfirmation: 'yes' }))
      .to.throw(AppKitOptionsError)
      .with.property('option', 'ignoreSwitchConfirmation')
  })
})
