import { expect, fixture, html } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import sinon from 'sinon'
import '../../../src/elements/views/connect/w3m-all-wallets-view.js'
import type { W3mAllWalletsView } from '../../../src/elements/views/connect/w3m-all-wallets-view.js'
import type { WuiWalletGrid } from '../../../src/elements/ui/wui-wallet-grid.js'
import type { WuiSearchInput } from '../../../src/elements/ui/wui-search-input.js'
import { $router } from '../../../src/stores/router.js'
import { $wallets, addRecentWallet } from '../../../src/stores/connect/wallets.js'
import { hostileWallets, makeCatalog, walletId } from '../../fixtures/catalog.js'
import { frameUntil, setUpCatalog, tearDownCatalog } from './support.js'

const view = () => fixture<W3mAllWalletsView>(html`<w3m-all-wallets-view></w3m-all-wallets-view>`)
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const grid = (el: Element) => $(el, '[data-testid=wallet-grid]') as WuiWalletGrid | null
const buttons = (el: Element) => [...(grid(el)?.shadowRoot!.querySelectorAll<HTMLButtonElement>('button') ?? [])]
const shownIds = (el: Element) => buttons(el).map(b => b.dataset['testid']!.replace(/^wallet-/, ''))

/** Waits until the list holds `count` wallets (only the blocks near the visible part have buttons). */
async function listed(el: W3mAllWalletsView, count: number): Promise<void> {
  const have = () => grid(el)?.wallets.length ?? 0
  await waitUntil(() => have() === count && buttons(el).length > 0, `${count} wallets listed (have ${have()})`)
}

function type(el: W3mAllWalletsView, text: string): void {
  const input = ($(el, 'wui-search-input') as WuiSearchInput).shadowRoot!.querySelector('input')!
  input.value = text
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
}

describe('w3m-all-wallets-view', () => {
  afterEach(tearDownCatalog)

  it('shows placeholders while the first wallets load, then the list', async () => {
    const client = setUpCatalog({}, { paused: true })
    const el = await view()
    expect($(el, '[data-testid=wallets-loading]')).to.not.equal(null)
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Loading wallets')
    await expect(el).to.be.accessible()
    client.resume()
    await listed(el, 40)
    expect($(el, '[data-testid=wallets-loading]')).to.equal(null)
    await expect(el).to.be.accessible()
  })

  it('lists recent first, then featured, recommended and the rest, each once', async () => {
    setUpCatalog({ featuredWalletIds: [walletId(45)] })
    addRecentWallet({ ...(await firstWallet(walletId(70))) })
    const el = await view()
    await listed(el, 42)
    expect(shownIds(el).slice(0, 6)).to.deep.equal([70, 45, 0, 1, 2, 3].map(walletId))
  })

  it('infinite scroll: reaching the end of the list loads the next page', async () => {
    const client = setUpCatalog({}, { wallets: makeCatalog(100) })
    const el = await view()
    await listed(el, 40)
    const pagesBefore = client.calls.filter(call => call.entries === 40).length
    expect(pagesBefore).to.equal(1)
    const list = $(el, '[data-testid=all-wallets-list]')!
    list.scrollTop = list.scrollHeight
    await listed(el, 80)
    list.scrollTop = list.scrollHeight
    await listed(el, 100)
    list.scrollTop = list.scrollHeight
    await waitUntil(() => shownIds(el).includes(walletId(99)), 'the last wallet to render')
    expect(client.calls.filter(call => call.entries === 40).map(call => call.page)).to.deep.equal([1, 2, 3])
    await waitUntil(() => !$(el, '[data-testid=wallets-sentinel]'), 'the sentinel to go at the end')
  })

  it('search: waits 300 ms, then shows the results; an empty search says "No wallet found"', async () => {
    const client = setUpCatalog()
    const el = await view()
    await listed(el, 40)
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true })
    try {
      type(el, 'Ember')
      await clock.tickAsync(299)
      expect(client.calls.some(call => call.search)).to.equal(false)
      await clock.tickAsync(1)
      await waitUntilSettled(el)
      expect(shownIds(el).length).to.be.greaterThan(0)
      expect(buttons(el).every(b => b.textContent!.includes('Ember'))).to.equal(true)
      type(el, 'zzzz-no-such-wallet')
      await clock.tickAsync(300)
      await waitUntilSettled(el)
    } finally {
      clock.restore()
    }
    expect($(el, '[data-testid=wallets-empty]')!.textContent).to.equal('No wallet found')
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('No wallet found')
    await expect(el).to.be.accessible()
  })

  it('an error shows its message and a retry that loads the list', async () => {
    const client = setUpCatalog({}, { fail: new Error('HTTP status code: 500') })
    const el = await view()
    await waitUntil(() => $(el, '[data-testid=wallets-error]'), 'the error state')
    expect($(el, '[data-testid=wallets-error]')!.textContent).to.contain('HTTP status code: 500')
    await expect(el).to.be.accessible()
    client.fail = undefined
    $(el, '[data-testid=wallets-retry]')!.click()
    await listed(el, 40)
    expect($(el, '[data-testid=wallets-error]')).to.equal(null)
  })

  it('renders a wallet name with markup as text, and no unsafe image', async () => {
    setUpCatalog(
      {},
      {
        wallets: hostileWallets,
        imageUrl: id => (id === 'img-evil-image' ? 'http://evil.example/logo.svg' : 'javascript:alert(1)')
      }
    )
    const el = await view()
    await listed(el, 2)
    const [markup, httpImage] = buttons(el)
    expect(markup!.querySelector('.name')!.textContent).to.equal(hostileWallets[0]!.name)
    expect(markup!.querySelector('img, b')).to.equal(null)
    for (const button of [markup!, httpImage!]) {
      const image = button.querySelector('wui-wallet-image')!
      expect(image.src).to.equal(undefined)
      expect(image.shadowRoot!.querySelector('img')).to.equal(null)
    }
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
  })

  it('choosing a wallet opens ConnectingWalletConnect with the wallet', async () => {
    setUpCatalog()
    const el = await view()
    await listed(el, 40)
    grid(el)!
      .shadowRoot!.querySelector<HTMLButtonElement>(`[data-testid=wallet-${walletId(2)}]`)!
      .click()
    expect($router.get().view).to.equal('ConnectingWalletConnect')
    expect(($router.get().data?.['wallet'] as { id: string }).id).to.equal(walletId(2))
  })

  it('is keyboard usable: one tab stop, arrow keys move, Enter chooses', async () => {
    setUpCatalog()
    const el = await view()
    await listed(el, 40)
    const all = buttons(el)
    expect(all.filter(b => b.tabIndex === 0)).to.have.length(1)
    all[0]!.focus()
    const press = async (key: string) => {
      const active = grid(el)!.shadowRoot!.activeElement!
      active.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }))
      await frameUntil(() => grid(el)!.shadowRoot!.activeElement !== active, `${key} to move focus`)
    }
    await press('ArrowRight')
    await press('ArrowDown')
    expect(grid(el)!.shadowRoot!.activeElement!.getAttribute('data-testid')).to.equal(`wallet-${walletId(5)}`)
    await press('End')
    expect(grid(el)!.shadowRoot!.activeElement!.getAttribute('data-testid')).to.equal(`wallet-${walletId(39)}`)
    expect(
      buttons(el)
        .filter(b => b.tabIndex === 0)
        .map(b => b.dataset['index'])
    ).to.deep.equal(['39'])
    await expect(el).to.be.accessible()
  })

  it('a wallet list of 600 is accessible', async () => {
    setUpCatalog()
    const el = await view()
    await listed(el, 40)
    expect($wallets.get().count).to.equal(600)
    await expect(el).to.be.accessible()
  })
})

/** Lets the fake client's answer and the re-render through (fake timers hold no promise). */
async function waitUntilSettled(el: W3mAllWalletsView): Promise<void> {
  await frameUntil(() => !$wallets.get().searching, 'the search to answer')
  await el.updateComplete
  await grid(el)?.updateComplete
}

async function firstWallet(id: string) {
  const { toCatalogWallet } = await import('../../../src/api/catalog-client.js')
  const item = makeCatalog(100).find(w => w.id === id)!
  return toCatalogWallet(item, {
    getWallets: async () => ({ data: [], count: 0 }),
    walletImageUrl: () => '',
    trustedOrigins: []
  })
}
