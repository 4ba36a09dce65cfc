import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import { toCatalogWallet, type CatalogWallet } from '../../../src/api/catalog-client.js'
import '../../../src/elements/ui/wui-wallet-grid.js'
import type { WalletSelectEvent, WuiWalletGrid } from '../../../src/elements/ui/wui-wallet-grid.js'
import { createFakeCatalogClient, makeCatalog, walletId } from '../../fixtures/catalog.js'

const client = createFakeCatalogClient({ imageUrl: () => '' })
const walletsOf = (size: number): CatalogWallet[] => makeCatalog(size).map(item => toCatalogWallet(item, client))

async function scroller(wallets: readonly CatalogWallet[]) {
  const box = await fixture<HTMLDivElement>(
    html`<div style="height: 400px; overflow-y: auto"><wui-wallet-grid .wallets=${wallets}></wui-wallet-grid></div>`
  )
  const grid = box.querySelector('wui-wallet-grid')!
  await grid.updateComplete
  return { box, grid }
}

const renderedIds = (grid: WuiWalletGrid) =>
  [...grid.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].map(b => b.dataset['testid'])

describe('wui-wallet-grid', () => {
  it('5000 wallets: only the blocks near the visible part hold buttons; the scroll height is the full list', async () => {
    const { box, grid } = await scroller(walletsOf(5000))
    await waitUntil(() => renderedIds(grid).length > 0, 'the first wallets')
    expect(renderedIds(grid).length).to.be.at.most(120)
    expect(renderedIds(grid)[0]).to.equal(`wallet-${walletId(0)}`)
    // 125 blocks of 10 rows (96 px) with 8 px gaps: the height of every wallet, rendered or not.
    expect(box.scrollHeight).to.equal(125 * (10 * 96 + 9 * 8) + 124 * 8)
    box.scrollTop = box.scrollHeight
    await waitUntil(() => renderedIds(grid).includes(`wallet-${walletId(4999)}`), 'the last wallets to render')
    expect(renderedIds(grid)).to.not.include(`wallet-${walletId(0)}`)
    expect(renderedIds(grid).length).to.be.at.most(120)
  })

  it('fires wui-wallet-select with the chosen wallet', async () => {
    const wallets = walletsOf(8)
    const { grid } = await scroller(wallets)
    const chosen = oneEvent(grid, 'wui-wallet-select')
    grid.shadowRoot!.querySelector<HTMLButtonElement>(`[data-testid=wallet-${walletId(3)}]`)!.click()
    expect(((await chosen) as unknown as WalletSelectEvent).wallet).to.equal(wallets[3])
  })

  it('keeps the focused wallet rendered and Home brings focus back to the top', async () => {
    const { box, grid } = await scroller(walletsOf(400))
    await waitUntil(() => renderedIds(grid).length > 0, 'the first wallets')
    grid.shadowRoot!.querySelector<HTMLButtonElement>('button')!.focus()
    grid.shadowRoot!.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true })
    )
    await waitUntil(
      () => grid.shadowRoot!.activeElement?.getAttribute('data-testid') === `wallet-${walletId(399)}`,
      'End'
    )
    expect(box.scrollTop).to.be.greaterThan(0)
    grid.shadowRoot!.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Home', bubbles: true, composed: true })
    )
    await waitUntil(
      () => grid.shadowRoot!.activeElement?.getAttribute('data-testid') === `wallet-${walletId(0)}`,
      'Home'
    )
    await expect(grid).to.be.accessible()
  })
})
