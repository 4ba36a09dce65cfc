import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import { LitElement, css } from 'lit'
import { themeTokens } from '../../../src/theme/tokens.js'
import '../../../src/elements/views/account/w3m-account-tokens.js'
import '../../../src/elements/views/account/w3m-account-activity.js'
import '../../../src/elements/views/account/w3m-account-nfts.js'
import '../../../src/elements/ui/wui-wallet-grid.js'
import { TOKEN_SKELETON_ROWS } from '../../../src/elements/views/account/w3m-account-tokens.js'
import { ACTIVITY_SKELETON_ROWS } from '../../../src/elements/views/account/w3m-account-activity.js'
import { NFT_SKELETON_CARDS } from '../../../src/elements/views/account/w3m-account-nfts.js'
import type { CatalogWallet } from '../../../src/api/catalog-client.js'
import type { WuiWalletGrid } from '../../../src/elements/ui/wui-wallet-grid.js'
import { SKELETON_SHIMMER_MS } from '../../../src/config/constants.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import type { Nft } from '../../../src/api/schemas/nfts.js'
import { setAccount } from '../../../src/stores/account.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { evmNfts } from '../../fixtures/nfts.js'
import { transaction, usdcIn } from '../../fixtures/transactions.js'
import { setUpConnection, setUpHistory, setUpNfts, tearDownConnection, until } from '../connect/support.js'

/**
 * Issue 32: while a list loads, skeletons shaped like its content stand in for it, as tall as the
 * rows they stand for (no layout jump when the data arrives), aria-hidden, the loading state said
 * once (aria-busy and the visually-hidden status text), shimmering only without reduced motion.
 * Each test holds the answer back, measures the list while it loads, lets the same number of
 * items arrive and measures again.
 */
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const height = (el: Element) => el.getBoundingClientRect().height

/** A promise and the function that settles it: the fake backend answers once it is opened. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>(resolve => (open = resolve))
  return { promise, open }
}

/** The modal's tokens (spacing, sizes) as its views inherit them, at its content's width (328px). */
class ThemedBox extends LitElement {
  static override styles = [
    themeTokens,
    css`
      :host {
        display: block;
        width: 328px;
      }
    `
  ]
  override render() {
    return html`<slot></slot>`
  }
}
customElements.define('test-themed-box', ThemedBox)

async function inModalWidth<T extends Element>(template: ReturnType<typeof html>): Promise<T> {
  const box = await fixture<ThemedBox>(html`<test-themed-box>${template}</test-themed-box>`)
  return box.firstElementChild as T
}

/** The loading state: skeleton aria-hidden, status text present (visually hidden), section busy. */
function expectAccessibleLoading(el: Element, skeletonId: string, statusId: string, shimmers: boolean): void {
  const skeleton = byTestId(el, skeletonId)!
  expect(skeleton, skeletonId).to.not.equal(null)
  expect(skeleton.getAttribute('aria-hidden')).to.equal('true')
  expect(el.shadowRoot!.querySelector('section')!.getAttribute('aria-busy')).to.equal('true')
  const status = byTestId(el, statusId)!
  expect(status.textContent!.trim().length).to.be.greaterThan(0)
  expect(status.getBoundingClientRect().width).to.be.at.most(1)
  const shape = skeleton.querySelector('.skeleton')!
  expect(getComputedStyle(shape).animationName).to.equal(shimmers ? 'w3m-shimmer' : 'none')
  if (shimmers) expect(getComputedStyle(shape).animationDuration).to.equal(`${SKELETON_SHIMMER_MS / 1000}s`)
}

const token = (symbol: string): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:1',
  price: 1,
  value: 12.5,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: ''
})

describe('loading skeletons (issue 32)', () => {
  afterEach(async () => {
    tearDownConnection()
    await emulateMedia({ reducedMotion: 'no-preference' })
  })

  it('Tokens: rows shaped like token rows, the list as tall before and after the tokens arrive', async () => {
    const backend = setUpConnection()
    setAccount(connectedEvmAccount)
    backend.tokenBalancesAnswer = Array.from({ length: TOKEN_SKELETON_ROWS }, (_, n) => token(`T${n}`))
    const held = gate()
    const answer = backend.tokenBalances.bind(backend)
    backend.tokenBalances = async (...args) => {
      await held.promise
      return answer(...args)
    }
    const el = await inModalWidth(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'tokens-skeleton'), 'the skeleton')
    expectAccessibleLoading(el, 'tokens-skeleton', 'tokens-loading', true)
    const before = height(el)
    expect(before).to.be.greaterThan(0)
    held.open()
    await until(() => byTestId(el, 'tokens-list'), 'the tokens')
    expect(byTestId(el, 'tokens-skeleton')).to.equal(null)
    expect(height(el)).to.equal(before)
    await expect(el).to.be.accessible()
  })

  it('Activity: a year, a month and rows shaped like transactions, as tall as the month that arrives', async () => {
    setUpConnection()
    setAccount(connectedEvmAccount)
    const history = setUpHistory({
      '': {
        data: Array.from({ length: ACTIVITY_SKELETON_ROWS }, (_, n) =>
          transaction({ n: n + 1, minedAt: `2026-11-${10 + n}T12:00:00.000Z`, transfers: [usdcIn('1.5')] })
        ),
        next: null
      }
    })
    const held = gate()
    history.gate = held.promise
    const el = await inModalWidth(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => byTestId(el, 'activity-skeleton'), 'the skeleton')
    expectAccessibleLoading(el, 'activity-skeleton', 'activity-loading', true)
    const before = height(el)
    held.open()
    await until(() => el.shadowRoot!.querySelectorAll('[data-testid=activity-row]').length === 3, 'the rows')
    expect(byTestId(el, 'activity-skeleton')).to.equal(null)
    expect(height(el)).to.equal(before)
    await expect(el).to.be.accessible()
  })

  it('NFTs: cards shaped like NFT cards, the grid as tall before and after the NFTs arrive', async () => {
    setUpConnection()
    setAccount(connectedEvmAccount)
    const nft = evmNfts.find(item => !item.flags.is_spam && item.image) ?? evmNfts[0]!
    const answer: Nft[] = Array.from({ length: NFT_SKELETON_CARDS }, (_, n) => ({
      ...nft,
      name: `Card ${n}`,
      tokenId: String(n + 1),
      flags: { is_spam: false }
    }))
    const client = setUpNfts(answer)
    const held = gate()
    const ask = client.nfts.bind(client)
    client.nfts = async (...args) => {
      await held.promise
      return ask(...args)
    }
    const el = await inModalWidth(html`<w3m-account-nfts></w3m-account-nfts>`)
    await until(() => byTestId(el, 'nfts-skeleton'), 'the skeleton')
    expectAccessibleLoading(el, 'nfts-skeleton', 'nfts-loading', true)
    const before = height(el)
    held.open()
    await until(() => el.shadowRoot!.querySelectorAll('[data-testid=nft-card]').length === NFT_SKELETON_CARDS, 'cards')
    expect(byTestId(el, 'nfts-skeleton')).to.equal(null)
    expect(height(el)).to.equal(before)
  })

  it('the wallet grid: placeholder tiles shaped like wallets, as tall as the wallets that replace them', async () => {
    const grid = await inModalWidth<WuiWalletGrid>(html`<wui-wallet-grid .skeletons=${8}></wui-wallet-grid>`)
    await grid.updateComplete
    const skeletons = byTestId(grid, 'wallet-skeletons')!
    expect(skeletons.getAttribute('aria-hidden')).to.equal('true')
    expect(skeletons.querySelectorAll('.placeholder .skeleton.image')).to.have.length(8)
    expect(getComputedStyle(skeletons.querySelector('.skeleton')!).animationName).to.equal('w3m-shimmer')
    const before = height(grid)
    grid.wallets = Array.from(
      { length: 8 },
      (_, n) =>
        ({
          id: `w${n}`,
          name: `Wallet ${n}`,
          imageId: undefined,
          imageUrl: undefined,
          rdns: undefined,
          mobileLink: undefined
        }) as CatalogWallet
    )
    grid.skeletons = 0
    await grid.updateComplete
    expect(grid.shadowRoot!.querySelectorAll('button')).to.have.length(8)
    expect(height(grid)).to.equal(before)
  })

  it('no shimmer under prefers-reduced-motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' })
    const backend = setUpConnection()
    setAccount(connectedEvmAccount)
    backend.tokenBalances = () => new Promise(() => {})
    const el = await inModalWidth(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'tokens-skeleton'), 'the skeleton')
    expectAccessibleLoading(el, 'tokens-skeleton', 'tokens-loading', false)
    const grid = await inModalWidth<WuiWalletGrid>(html`<wui-wallet-grid .skeletons=${4}></wui-wallet-grid>`)
    await grid.updateComplete
    expect(getComputedStyle(grid.shadowRoot!.querySelector('.skeleton')!).animationName).to.equal('none')
  })
})
