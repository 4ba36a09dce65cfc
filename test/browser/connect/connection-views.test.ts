import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import '../../../src/elements/views/connect/w3m-connecting-external-view.js'
import '../../../src/elements/views/networks/w3m-networks-view.js'
import '../../../src/elements/views/networks/w3m-switch-network-view.js'
import '../../../src/elements/views/networks/w3m-unsupported-chain-view.js'
import { $account, setAccount } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { openModal } from '../../../src/stores/modal.js'
import { $network } from '../../../src/stores/network.js'
import { $router } from '../../../src/stores/router.js'
import { $toast } from '../../../src/stores/toast.js'
import { connectedEvmAccount, connectedEvmAccountWithName } from '../../fixtures/accounts.js'
import { FAKE_ADDRESS, FakeEip1193Provider, ProviderError, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until } from './support.js'

const shadow = (el: Element) => el.shadowRoot!
const byTestId = (el: Element, id: string) => shadow(el).querySelector<HTMLElement>(`[data-testid="${id}"]`)
const clickRow = (row: Element) => row.shadowRoot!.querySelector('button')!.click()

describe('connection views', () => {
  let provider: FakeEip1193Provider

  beforeEach(() => {
    setUpConnection()
    provider = new FakeEip1193Provider({ chainId: 1 })
  })
  afterEach(tearDownConnection)

  describe('w3m-connect-view', () => {
    it('lists the discovered wallets by name with their icon above All Wallets, and is accessible', async () => {
      track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
      track(
        announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.other', name: '<img src=x onerror=alert(1)>' })
      )
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      await until(() => shadow(el).querySelectorAll('[part=connector]').length === 2, 'the wallets')
      const section = byTestId(el, 'connect-method-wallet')!
      const rows = [...section.querySelectorAll('wui-list-item')]
      expect(rows.map(row => row.dataset['testid'])).to.deep.equal([
        'connector-com.example.fake',
        'connector-com.example.other',
        'all-wallets-button'
      ])
      expect(rows[0]!.textContent).to.contain('Fake Wallet')
      expect(rows[0]!.textContent).to.contain('Installed')
      // A wallet's name is text, never markup.
      expect(rows[1]!.querySelector('img')).to.equal(null)
      expect(rows[1]!.textContent).to.contain('<img src=x onerror=alert(1)>')
      expect(rows[0]!.querySelector('wui-wallet-image')!.src).to.match(/^data:image\/svg\+xml/)
      await expect(el).to.be.accessible()
    })

    it('choosing a wallet opens ConnectingExternal and connects it', async () => {
      track(announceWallet(provider, { rdns: 'com.example.fake' }))
      openModal()
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      await until(() => Boolean(byTestId(el, 'connector-com.example.fake')), 'the wallet')
      provider.held.add('eth_requestAccounts')
      clickRow(byTestId(el, 'connector-com.example.fake')!)
      expect($router.get().view).to.equal('ConnectingExternal')
      expect($router.get().data).to.deep.equal({ connectorId: 'com.example.fake', namespace: 'eip155' })
      provider.release('eth_requestAccounts')
      await until(() => $router.get().view === 'Account', 'the Account view')
      expect($account.get().address).to.equal(FAKE_ADDRESS)
    })
  })

  describe('w3m-connecting-external-view', () => {
    beforeEach(async () => {
      track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
      await loadConnectors()
      openModal()
      $router.set({ ...$router.get(), view: 'ConnectingExternal', data: { connectorId: 'com.example.fake' } })
    })

    it("waiting: the wallet's name and 'Continue in <wallet>' with a spinner; accessible", async () => {
      provider.held.add('eth_requestAccounts')
      void connect('com.example.fake')
      const el = await fixture(html`<w3m-connecting-external-view></w3m-connecting-external-view>`)
      expect(byTestId(el, 'connecting-wallet-name')!.textContent).to.equal('Fake Wallet')
      expect(byTestId(el, 'connecting-status')!.textContent!.trim()).to.equal('Continue in Fake Wallet')
      expect(shadow(el).querySelector('.spinner')).to.not.equal(null)
      await expect(el).to.be.accessible()
      provider.release('eth_requestAccounts')
    })

    it("declined: 'Connection declined' with Try again, which connects; accessible", async () => {
      provider.failures.set('eth_requestAccounts', new ProviderError(4001, 'User rejected the request.'))
      await connect('com.example.fake')
      const el = await fixture(html`<w3m-connecting-external-view></w3m-connecting-external-view>`)
      const error = byTestId(el, 'connecting-error')!
      expect(error.textContent).to.equal('Connection declined')
      expect(error.getAttribute('role')).to.equal('alert')
      await expect(el).to.be.accessible()
      provider.failures.delete('eth_requestAccounts')
      byTestId(el, 'connecting-retry')!.click()
      await until(() => $account.get().address === FAKE_ADDRESS, 'the retry to connect')
      expect($router.get().view).to.equal('Account')
    })

    const connectorErrors: [string, () => Promise<void>, string][] = [
      [
        'already connected',
        async () => void (await connect('com.example.fake'), await connect('com.example.fake')),
        'Wallet already connected'
      ],
      [
        'account not found',
        async () => void ((provider.accounts = []), await connect('com.example.fake')),
        'Account not found in the wallet'
      ]
    ]
    for (const [name, cause, message] of connectorErrors) {
      it(`shows the connector error "${name}" as a visible message`, async () => {
        await cause()
        $router.set({ ...$router.get(), view: 'ConnectingExternal', data: { connectorId: 'com.example.fake' } })
        const el = await fixture(html`<w3m-connecting-external-view></w3m-connecting-external-view>`)
        expect(byTestId(el, 'connecting-error')!.textContent).to.equal(message)
      })
    }
  })

  describe('w3m-account-view', () => {
    it('shows the avatar, truncated address, balance truncated to 3 decimals, network and Disconnect; accessible', async () => {
      setAccount(connectedEvmAccount)
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'account-name')!.textContent).to.equal('0xf39F…2266')
      expect(byTestId(el, 'account-balance')!.textContent).to.equal('1.234 ETH')
      expect(shadow(el).querySelector('[part=avatar]')!.textContent!.trim()).to.equal('F3')
      expect(byTestId(el, 'disconnect-button')!.textContent!.trim()).to.equal('Disconnect')
      expect(byTestId(el, 'copy-address-button')!.getAttribute('aria-label')).to.equal('Copy address')
      await expect(el).to.be.accessible()
    })

    it('Copy puts the full address on the clipboard and says so', async () => {
      setAccount(connectedEvmAccount)
      const write = sinon.stub(navigator.clipboard, 'writeText').resolves()
      try {
        const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
        byTestId(el, 'copy-address-button')!.click()
        await until(() => $toast.get().open, 'the toast')
        expect(write.firstCall.args).to.deep.equal([connectedEvmAccount.address])
        expect($toast.get()).to.include({ variant: 'success', message: 'Address copied' })
      } finally {
        write.restore()
      }
    })

    it('shows the name instead of the address when there is one', async () => {
      setAccount(connectedEvmAccountWithName)
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'account-name')!.textContent).to.equal('satoshi.reown.id')
    })

    it('Disconnect disconnects the wallet', async () => {
      track(announceWallet(provider, { rdns: 'com.example.fake' }))
      await loadConnectors()
      await connect('com.example.fake')
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      // An injected wallet has no smart account: the kit's preferred type (eip155) falls back to EOA and says so.
      const accountType = el.shadowRoot!.querySelector('w3m-account-type')!
      await accountType.updateComplete
      expect(accountType.shadowRoot!.querySelector('[data-testid="account-type-note"]')).to.not.equal(null)
      byTestId(el, 'disconnect-button')!.click()
      await until(() => $account.get().address === undefined, 'the disconnect')
      expect(byTestId(el, 'account-disconnected')).to.not.equal(null)
    })
  })

  describe('switching from the Networks view while connected', () => {
    beforeEach(async () => {
      track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
      await loadConnectors()
      await connect('com.example.fake')
      openModal({ view: 'Networks' })
    })

    it('asks the wallet, and SwitchNetwork shows the target and the wait; accessible', async () => {
      provider.held.add('wallet_switchEthereumChain')
      const list = await fixture(html`<w3m-networks-view></w3m-networks-view>`)
      clickRow(byTestId(list, 'network-eip155:31338')!)
      expect($router.get().view).to.equal('SwitchNetwork')
      const el = await fixture(html`<w3m-switch-network-view></w3m-switch-network-view>`)
      expect(byTestId(el, 'switch-network-target')!.textContent).to.equal('Switch to Local Chain B')
      expect(byTestId(el, 'switch-network-status')!.textContent!.trim()).to.equal('Approve in Fake Wallet')
      await expect(el).to.be.accessible()
      provider.release('wallet_switchEthereumChain')
      await until(() => $network.get().activeNetwork?.caipNetworkId === 'eip155:31338', 'the switch')
    })

    it('a failed switch shows its message and Try again; accessible', async () => {
      provider.failures.set('wallet_switchEthereumChain', new ProviderError(32603, 'bad chain'))
      const list = await fixture(html`<w3m-networks-view></w3m-networks-view>`)
      clickRow(byTestId(list, 'network-eip155:31338')!)
      const el = await fixture(html`<w3m-switch-network-view></w3m-switch-network-view>`)
      await until(() => Boolean(byTestId(el, 'switch-network-error')), 'the error')
      expect(byTestId(el, 'switch-network-error')!.textContent).to.equal('Invalid network id')
      expect(byTestId(el, 'switch-network-retry')).to.not.equal(null)
      await expect(el).to.be.accessible()
    })
  })

  it('w3m-unsupported-chain-view names the wallet’s chain and lists the app’s networks', async () => {
    provider = new FakeEip1193Provider({ chainId: 999, chains: [999] })
    track(announceWallet(provider, { rdns: 'com.example.fake' }))
    await loadConnectors()
    await connect('com.example.fake')
    const el = await fixture(html`<w3m-unsupported-chain-view></w3m-unsupported-chain-view>`)
    expect(byTestId(el, 'unsupported-chain-current')!.textContent!.trim()).to.equal('The wallet is on eip155:999.')
    await expect(el).to.be.accessible()
    clickRow(byTestId(el, 'unsupported-chain-eip155:56')!)
    await until(() => $network.get().activeNetwork?.caipNetworkId === 'eip155:56', 'the switch')
    expect(provider.chainId).to.equal(56)
  })
})
