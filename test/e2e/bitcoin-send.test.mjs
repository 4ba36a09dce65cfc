// End to end: Send BTC on the demo with the AppKit Bitcoin Test Wallet's Wallet Standard face,
// against the local stack's Bitcoin regtest node (a block every 2 s) and the backend reading its
// Esplora API (issue 34). Connect -> Send -> a mainnet address is refused with its text -> a fresh
// regtest address: the preview's fee -> a refusal in the wallet keeps the form and sends nothing ->
// approved in the wallet's panel (bitcoin:signTransaction; the kit posts the signed transaction) ->
// the success toast, the Account view, the balance read again -> on the node (Esplora /tx/:id) the
// transaction confirms with the amount to the receiver and the fee the preview showed.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bitcoinTestAccounts } from '../../local/bitcoin/accounts.ts'
import { freshAddress, paidOnNode } from '../bitcoin/helpers.ts'
import { connectWith, openDemo } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const [alice] = bitcoinTestAccounts
const MAINNET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim()

/** The preview's fee ('0.00000141 BTC') in satoshis. */
function feeSats(shown) {
  const match = /^0\.(\d{8}) BTC$/.exec(shown)
  assert.ok(match, `the fee is shown in BTC with 8 decimals: ${shown}`)
  return Number(match[1])
}

/** Resolves when `check` holds, polling every 100 ms; fails after `ms`. */
async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`${what} within ${ms} ms`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

test('Send BTC with the Wallet Standard wallet: a mainnet address refused, a refusal keeps the form, approved: confirmed on the node with the amount and the previewed fee', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(stack.site.url, context, '?bitcoin-wallet-face=wallet-standard')
    await connectWith(page, 'bitcoin')
    await page.getByTestId('account-caip-address').filter({ hasText: alice.payment.address }).waitFor()
    await page.getByTestId('wallet-feature-send').click()
    await page.getByTestId('send-token-select').filter({ hasText: 'BTC' }).waitFor({ timeout: 15_000 })

    // A mainnet address on Bitcoin Local: refused with its own text, nothing asked of the wallet.
    await page.getByTestId('send-amount-input').fill('0.1234')
    await page.getByTestId('send-receiver-input').fill(MAINNET_ADDRESS)
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-error').filter({ hasText: 'This address is for another Bitcoin network' }).waitFor()

    // A fresh regtest address: the preview with the fee in BTC.
    const receiver = freshAddress()
    await page.getByTestId('send-receiver-input').fill(receiver)
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'send-preview-amount'), '0.1234 BTC')
    assert.equal(await text(page, 'send-preview-network'), 'Bitcoin Local')
    const fee = feeSats(await text(page, 'send-preview-fee'))
    assert.ok(fee >= 141, `at least 1 sat/vB of a one-input payment with change: ${fee}`)

    // Refused in the wallet's panel: the preview keeps everything, nothing reaches the node.
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('bitcoin-wallet-reject').click()
    await page.getByTestId('send-preview-error').filter({ hasText: 'Transaction declined' }).waitFor()
    assert.equal(await text(page, 'send-preview-fee'), `0.${String(fee).padStart(8, '0')} BTC`)
    const receiverUtxos = await (await fetch(`${stack.rpc.bitcoin}/address/${receiver}/utxo`)).json()
    assert.deepEqual(receiverUtxos, [])

    // Approved: the wallet signs the kit's PSBT, the kit posts it; the toast, the Account view.
    const posted = page.waitForResponse(
      response => response.url() === `${stack.rpc.bitcoin}/tx` && response.request().method() === 'POST'
    )
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('bitcoin-wallet-approve').click()
    const txid = (await (await posted).text()).trim()
    assert.match(txid, /^[0-9a-f]{64}$/)
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('account-balance').waitFor()

    // On the node: confirmed (a block every 2 s), the amount to the receiver, the previewed fee.
    await until(async () => (await paidOnNode(stack.rpc.bitcoin, txid, receiver)).confirmed, 'the payment confirmed')
    assert.deepEqual(await paidOnNode(stack.rpc.bitcoin, txid, receiver), {
      value: 12_340_000,
      fee,
      confirmed: true
    })
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
