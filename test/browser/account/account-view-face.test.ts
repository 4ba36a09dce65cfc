// Issue 32, the Account view's face (spec section 2 Account, section 3 Account state: profileImage):
// the avatar's gradient from the address or the name's image (falling back when it fails), the
// action tiles with icons in the spec's order (Buy, Swap, Receive, Send), each only when its feature
// is on, the explorer link, and Disconnect with its icon. axe on each state.
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-view.js'
import type { WuiAvatar } from '../../../src/elements/ui/wui-avatar.js'
import { localChainA, mainnet } from '../../../src/networks/definitions.js'
import type { CaipNetwork } from '../../../src/networks/types.js'
import { setAccount } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $router } from '../../../src/stores/router.js'
import { avatarGradient } from '../../../src/utils/avatar-gradient.js'
import { connectedEvmAccount, connectedEvmAccountWithName } from '../../fixtures/accounts.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track } from '../connect/support.js'
import { waitUntil } from '../wait.js'

const emulateTimeZone = (timeZone: string) => executeServerCommand('emulate-time-zone', { timeZone })
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
/** A data URI that is not an image: the browser fails to decode it, as a dead URL would fail. */
const BROKEN_IMAGE = 'data:image/png;base64,bm90IGFuIGltYWdl'

async function accountView() {
  const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
  const avatar = el.shadowRoot!.querySelector<WuiAvatar>('wui-avatar')!
  await avatar.updateComplete
  return { el, avatar }
}

/** Connects the fake wallet on the local chain A (a swap network), so every feature may show. */
async function connectLive(options: Parameters<typeof setUpConnection>[0] = {}) {
  setUpConnection({ defaultNetwork: localChainA, ...options })
  track(announceWallet(new FakeEip1193Provider({ chainId: 31337 }), { rdns: 'com.example.fake' }))
  await loadConnectors()
  expect(await connect('com.example.fake')).to.equal(true)
}

describe('the Account view’s face (issue 32)', () => {
  afterEach(async () => {
    await emulateTimeZone('')
    tearDownConnection()
  })

  describe('the avatar', () => {
    it('is a gradient drawn from the address: the same address the same, others differ', () => {
      const addresses = [
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267',
        '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
        '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtW'
      ]
      const gradients = addresses.map(avatarGradient)
      expect(new Set(gradients).size, gradients.join('\n')).to.equal(addresses.length)
      expect(addresses.map(avatarGradient)).to.deep.equal(gradients)
      // An EVM address is the same account whatever its checksum casing.
      expect(avatarGradient(addresses[0]!.toLowerCase())).to.equal(gradients[0])
      expect(gradients[0]).to.match(/^linear-gradient\(\d+deg, hsl\(\d+ \d+% \d+%\), hsl\(\d+ \d+% \d+%\)\)$/)
    })

    it('shows the address’s gradient with its first two digits; accessible', async () => {
      setUpConnection()
      setAccount(connectedEvmAccount)
      const { el, avatar } = await accountView()
      expect(avatar.getAttribute('part')).to.equal('avatar')
      expect(avatar.textContent!.trim()).to.equal('F3')
      const gradient = avatar.shadowRoot!.querySelector<HTMLElement>('[data-testid=avatar-gradient]')!
      expect(getComputedStyle(gradient).backgroundImage).to.contain('linear-gradient')
      const probe = document.createElement('div')
      probe.style.backgroundImage = avatarGradient(connectedEvmAccount.address!)
      expect(gradient.style.backgroundImage).to.equal(probe.style.backgroundImage)
      expect(avatar.shadowRoot!.querySelector('img')).to.equal(null)
      await expect(el).to.be.accessible()
    })

    it('shows the name’s image when the account has one; accessible', async () => {
      setUpConnection()
      setAccount({ ...connectedEvmAccountWithName, profileImage: PNG_1PX })
      const { el, avatar } = await accountView()
      const image = avatar.shadowRoot!.querySelector<HTMLImageElement>('[data-testid=avatar-image]')!
      expect(image.getAttribute('src')).to.equal(PNG_1PX)
      await waitUntil(() => image.complete && image.naturalWidth === 1, 'the image to load')
      expect(avatar.textContent!.trim()).to.equal('S')
      await expect(el).to.be.accessible()
    })

    it('falls back to the gradient when the name’s image fails to load', async () => {
      setUpConnection()
      setAccount({ ...connectedEvmAccountWithName, profileImage: BROKEN_IMAGE })
      const { avatar } = await accountView()
      await waitUntil(() => avatar.shadowRoot!.querySelector('img') === null, 'the broken image to be dropped')
      expect(avatar.shadowRoot!.querySelector('[data-testid=avatar-gradient]')).to.not.equal(null)
    })
  })

  describe('the balance', () => {
    it('is large: the scale’s --w3m-text-large', async () => {
      setUpConnection()
      setAccount(connectedEvmAccount)
      const { el } = await accountView()
      const balance = byTestId(el, 'account-balance')!
      expect(balance.textContent).to.equal('1.234 ETH')
      expect(getComputedStyle(balance).fontSize).to.equal('24px')
    })
  })

  describe('the action tiles', () => {
    it('are Buy, Swap, Receive, Send in the spec’s order, each with an icon and its name; accessible', async () => {
      await emulateTimeZone('Europe/Berlin')
      await connectLive()
      const { el } = await accountView()
      const tiles = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[data-testid=wallet-features] button')]
      expect(tiles.map(tile => tile.dataset['testid'])).to.deep.equal([
        'wallet-feature-onramp',
        'wallet-feature-swaps',
        'wallet-feature-receive',
        'wallet-feature-send'
      ])
      expect(tiles.map(tile => tile.textContent!.trim())).to.deep.equal(['Buy', 'Swap', 'Receive', 'Send'])
      for (const tile of tiles) {
        const icon = tile.querySelector('svg')!
        expect(icon.getAttribute('aria-hidden')).to.equal('true')
        expect(icon.getBoundingClientRect().width).to.equal(20)
      }
      tiles[3]!.click()
      expect($router.get().view).to.equal('WalletSend')
      await expect(el).to.be.accessible()
    })

    it('hide each feature that is off (features.onramp, swaps, receive, send)', async () => {
      await emulateTimeZone('Europe/Berlin')
      await connectLive({ features: { onramp: false, send: false } })
      const { el } = await accountView()
      const ids = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid=wallet-features] button')].map(
        tile => tile.dataset['testid']
      )
      expect(ids).to.deep.equal(['wallet-feature-swaps', 'wallet-feature-receive'])
    })
  })

  describe('the explorer link and Disconnect', () => {
    it('opens the address on the network’s explorer in a new tab, without opener or referrer', async () => {
      setUpConnection({ defaultNetwork: mainnet })
      setAccount(connectedEvmAccount)
      const { el } = await accountView()
      const link = byTestId(el, 'account-explorer') as HTMLAnchorElement
      expect(link.href).to.equal(`https://etherscan.io/address/${connectedEvmAccount.address}`)
      expect(link.target).to.equal('_blank')
      expect(link.rel).to.equal('noopener noreferrer')
      expect(link.textContent!.trim()).to.equal('View on Etherscan')
      expect(link.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true')
      const disconnect = byTestId(el, 'disconnect-button')!
      expect(disconnect.textContent!.trim()).to.equal('Disconnect')
      expect(disconnect.querySelector('svg')).to.not.equal(null)
      await expect(el).to.be.accessible()
    })

    it('is absent when the network has no explorer', async () => {
      // The local chain lists no explorer.
      expect((localChainA as CaipNetwork).blockExplorers).to.equal(undefined)
      setUpConnection({ defaultNetwork: localChainA })
      setAccount(connectedEvmAccount)
      const { el } = await accountView()
      expect(byTestId(el, 'disconnect-button')).to.not.equal(null)
      expect(byTestId(el, 'account-explorer')).to.equal(null)
    })
  })
})
