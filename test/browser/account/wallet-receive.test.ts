import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/account/w3m-wallet-receive-view.js'
import type { WuiQrCode } from '../../../src/elements/ui/wui-qr-code.js'
import { localChainA, localChainB, solana } from '../../../src/networks/definitions.js'
import { localBitcoin } from '../../../src/networks/local-bitcoin.js'
import { setAccount } from '../../../src/stores/account.js'
import { $router } from '../../../src/stores/router.js'
import { $toast } from '../../../src/stores/toast.js'
import { connectedEvmAccount, connectedSolanaAccount } from '../../fixtures/accounts.js'
import { setUpConnection, tearDownConnection, until } from '../connect/support.js'

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('Receive', () => {
  afterEach(tearDownConnection)

  describe('the Account view’s feature buttons', () => {
    it('shows Receive, which opens WalletReceive; Send and Buy only for a live connection (none here); Swap is absent until its views exist', async () => {
      setUpConnection()
      setAccount(connectedEvmAccount)
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      const buttons = [...el.shadowRoot!.querySelectorAll('[data-testid=wallet-features] button')]
      expect(buttons.map(button => button.getAttribute('data-testid'))).to.deep.equal(['wallet-feature-receive'])
      expect(buttons[0]!.textContent!.trim()).to.equal('Receive')
      ;(buttons[0] as HTMLButtonElement).click()
      expect($router.get().view).to.equal('WalletReceive')
      await expect(el).to.be.accessible()
    })

    it('has no Receive button when features.receive is off', async () => {
      setUpConnection({ features: { receive: false } })
      setAccount(connectedEvmAccount)
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'wallet-features')).to.equal(null)
    })

    it('follows walletFeaturesOrder: a feature left out of the order is not shown', async () => {
      setUpConnection({ features: { walletFeaturesOrder: ['onramp', 'swaps', 'send'] } })
      setAccount(connectedEvmAccount)
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'wallet-feature-receive')).to.equal(null)
    })
  })

  describe('w3m-wallet-receive-view', () => {
    it('shows the address as a QR code and in full, and the networks of its namespace; accessible', async () => {
      setUpConnection()
      setAccount(connectedEvmAccount)
      const el = await fixture(html`<w3m-wallet-receive-view></w3m-wallet-receive-view>`)
      const code = byTestId(el, 'receive-qr-code') as WuiQrCode
      expect(code.uri).to.equal(connectedEvmAccount.address)
      await code.updateComplete
      expect(code.shadowRoot!.querySelector('svg[part=code]')!.getAttribute('aria-label')).to.equal(
        'QR code of your address'
      )
      const address = byTestId(el, 'receive-address')!
      expect(address.textContent!.trim()).to.equal(connectedEvmAccount.address)
      expect(address.querySelector('bdi')!.getAttribute('dir')).to.equal('ltr')
      // TEST_NETWORKS: mainnet, bsc and the two local chains, all eip155.
      const listed = [...el.shadowRoot!.querySelectorAll('[data-testid=receive-networks] li')].map(li => li.textContent)
      expect(listed).to.include.members([localChainA.name, localChainB.name])
      expect(listed).to.have.length(4)
      await expect(el).to.be.accessible()
    })

    it('lists only the networks of the account’s namespace (Solana in a multichain app)', async () => {
      setUpConnection({ networks: [localChainA, solana] })
      setAccount(connectedSolanaAccount)
      const el = await fixture(html`<w3m-wallet-receive-view></w3m-wallet-receive-view>`)
      const listed = [...el.shadowRoot!.querySelectorAll('[data-testid=receive-networks] li')].map(li => li.textContent)
      expect(listed).to.deep.equal([solana.name])
      expect((byTestId(el, 'receive-qr-code') as WuiQrCode).uri).to.equal(connectedSolanaAccount.address)
    })

    it('a Bitcoin address is coded as its BIP-21 URI (bitcoin:<address>); the address in full and Copy stay bare', async () => {
      const address = 'bcrt1qvjg7uyaw0m4gns0g2jq0lmpyj0wpu8xhlvkrx7'
      setUpConnection({ networks: [localChainA, localBitcoin] })
      setAccount({
        ...connectedEvmAccount,
        namespace: 'bip122',
        address,
        caipAddress: `${localBitcoin.caipNetworkId}:${address}`
      })
      const el = await fixture(html`<w3m-wallet-receive-view></w3m-wallet-receive-view>`)
      expect((byTestId(el, 'receive-qr-code') as WuiQrCode).uri).to.equal(`bitcoin:${address}`)
      expect(byTestId(el, 'receive-address')!.textContent!.trim()).to.equal(address)
      const listed = [...el.shadowRoot!.querySelectorAll('[data-testid=receive-networks] li')].map(li => li.textContent)
      expect(listed).to.deep.equal([localBitcoin.name])
    })

    it('Copy address puts the full address on the clipboard and says so', async () => {
      setUpConnection()
      setAccount(connectedEvmAccount)
      const write = sinon.stub(navigator.clipboard, 'writeText').resolves()
      try {
        const el = await fixture(html`<w3m-wallet-receive-view></w3m-wallet-receive-view>`)
        const copy = byTestId(el, 'receive-copy-button')!
        expect(copy.textContent!.trim()).to.equal('Copy address')
        copy.click()
        await until(() => $toast.get().open, 'the toast')
        expect(write.firstCall.args).to.deep.equal([connectedEvmAccount.address])
        expect($toast.get()).to.include({ variant: 'success', message: 'Address copied' })
      } finally {
        write.restore()
      }
    })

    it('says no wallet is connected when opened without one', async () => {
      setUpConnection()
      const el = await fixture(html`<w3m-wallet-receive-view></w3m-wallet-receive-view>`)
      expect(byTestId(el, 'receive-disconnected')!.textContent!.trim()).to.equal('No wallet connected')
      expect(byTestId(el, 'receive-qr-code')).to.equal(null)
    })
  })
})
