// What the Bitcoin end-to-end files share (issue 34): reading the page, the regtest node's sums as
// the kit shows them, waiting, and the Send flow's steps up to the preview.
import assert from 'node:assert/strict'
import { paidOnNode } from '../bitcoin/helpers.ts'

/** The trimmed text of the first element with `testId`. */
export const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim()

/** Resolves when an element with `testId` shows `expected`. */
export const shows = (page, testId, expected, timeout = 20_000) =>
  page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout })

/** What the node's Esplora API at `esploraUrl` says `address` holds, confirmed + in the mempool, in satoshis. */
export async function nodeSats(esploraUrl, address) {
  const stats = await (await fetch(`${esploraUrl}/address/${address}`)).json()
  const sum = ({ funded_txo_sum: funded, spent_txo_sum: spent }) => BigInt(funded - spent)
  return sum(stats.chain_stats) + sum(stats.mempool_stats)
}

/** How the kit shows `sats` (a bigint) in BTC (docs/behaviour.md section 11: cut, never rounded, to 3 decimals, trailing zeros dropped). */
export function btcShown(sats) {
  const cut = (sats % 100_000_000n).toString().padStart(8, '0').slice(0, 3).replace(/0+$/, '')
  return `${sats / 100_000_000n}${cut ? `.${cut}` : ''} BTC`
}

/** Resolves when `check` holds, polling every 100 ms; fails after `ms`. */
export async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`${what} within ${ms} ms`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

/** The preview's fee ('0.00000141 BTC') in satoshis. */
export function feeSats(shown) {
  const match = /^0\.(\d{8}) BTC$/.exec(shown ?? '')
  assert.ok(match, `the fee is shown in BTC with 8 decimals: ${shown}`)
  return Number(match[1])
}

/**
 * From the Account view: Send, BTC, `amount` to `receiver`, Preview; resolves with the fee the
 * preview shows, in satoshis.
 */
export async function previewBitcoinSend(page, amount, receiver) {
  await page.getByTestId('wallet-feature-send').click()
  await page.getByTestId('send-token-select').filter({ hasText: 'BTC' }).waitFor({ timeout: 15_000 })
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-receiver-input').fill(receiver)
  await page.getByTestId('send-preview-button').click()
  await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
  return feeSats(await text(page, 'send-preview-fee'))
}

/** Waits for `txid` to confirm on the node; resolves with what it paid `receiver`, its fee and that it is confirmed. */
export async function confirmedOnNode(esploraUrl, txid, receiver) {
  await until(async () => (await paidOnNode(esploraUrl, txid, receiver)).confirmed, `${txid} confirmed`)
  return paidOnNode(esploraUrl, txid, receiver)
}
