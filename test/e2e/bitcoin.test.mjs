// End to end: the AppKit Bitcoin Test Wallet (Wallet Standard, `bitcoin:connect`) on the demo,
// against the local stack's Bitcoin regtest node (local/bitcoin) and the backend reading its
// Esplora API (issue 34, first slice). A payment to the wallet's address is put in the node's
// mempool first, so that the balance shown is the node's confirmed + unconfirmed sum, not the
// genesis amount. Connect -> approve in the wallet's panel -> the Account view shows the payment
// address (P2WPKH) on Bitcoin Local with the node's balance, the Tokens list BTC -> reload: still
// connected, nothing asked -> beside the Dev Wallet (one connection per namespace), and back to
// Bitcoin Local from the Networks view, its Activity (the payment received) -> disconnect.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.ts'
import { postTx, signSpend, utxosOf } from '../bitcoin/helpers.ts'
import { connectWith, openDemo, waitForTokenIcons } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const [alice, , , dave] = bitcoinTestAccounts

/** The kit's display rule (docs/behaviour.md section 11): cut, never rounded, to 3 decimals, trailing zeros dropped. */
function truncated(sats) {
  const whole = sats / 100_000_000n
  const cut = (sats % 100_000_000n).toString().padStart(8, '0').slice(0, 3).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : String(whole)
}

/** What the node says `address` holds, confirmed + in the mempool (its Esplora sums), in satoshis. */
async function nodeSats(address) {
  const stats = await (await fetch(`${stack.rpc.bitcoin}/address/${address}`)).json()
  const sum = ({ funded_txo_sum: funded, spent_txo_sum: spent }) => BigInt(funded - spent)
  return sum(stats.chain_stats) + sum(stats.mempool_stats)
}

const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim()

async function expectText(page, testId, expected, timeout = 15_000) {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout })
}

test("connect the Bitcoin test wallet: the payment address, the node's balance in the account and the Tokens list, reload, beside EVM, disconnect", async () => {
  // Dave pays Alice 0.4567 BTC: in the mempool now, mined by the node's interval later.
  const [coin] = (await utxosOf(stack.rpc.bitcoin, dave.payment.address)).sort((a, b) => b.value - a.value)
  const fee = 300
  const paid = 45_670_000
  const spend = signSpend({
    key: dave.payment,
    inputs: [coin],
    outputs: [
      { address: alice.payment.address, value: paid },
      { address: dave.payment.address, value: coin.value - paid - fee }
    ]
  })
  assert.equal((await postTx(stack.rpc.bitcoin, spend.hex)).status, 200)

  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems, quiet } = await openDemo(stack.site.url, context)
    const address = await text(page, 'bitcoin-wallet-address')
    assert.equal(address, alice.payment.address)

    await connectWith(page, 'bitcoin')
    const caipAddress = `${REGTEST_CAIP_NETWORK_ID}:${address}`
    await expectText(page, 'account-caip-address', caipAddress)
    await expectText(page, 'account-network', 'Bitcoin Local')
    const shown = `${truncated(await nodeSats(address))} BTC`
    assert.notEqual(shown, '10 BTC', 'the payment is counted')
    await expectText(page, 'account-balance', shown)
    await expectText(page, 'token-amount', shown)
    assert.equal(await text(page, 'token-amount'), shown)

    // Reload: the wallet still exposes the account to this site; nothing is asked.
    await waitForTokenIcons(page)
    await quiet()
    await page.reload()
    await expectText(page, 'account-status', 'connected')
    await expectText(page, 'account-caip-address', caipAddress)
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)

    // The Dev Wallet beside it: one connection per namespace, both kept.
    await page.evaluate(() => window.testWallets.dev.setAutoApprove(true))
    await page.evaluate(() => window.appKit.open({ view: 'Connect' }))
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await expectText(page, 'account-caip-address', 'eip155:31337:')
    const connections = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/connections')))
    assert.deepEqual(Object.keys(connections).sort(), ['bip122', 'eip155'])

    // Back to Bitcoin Local from the Networks view: its wallet's account shows again, nothing asked.
    await page.evaluate(() => window.appKit.open({ view: 'Networks' }))
    await page.getByTestId(`network-${REGTEST_CAIP_NETWORK_ID}`).click()
    await expectText(page, 'account-caip-address', caipAddress)
    // The account button shows the Bitcoin address, not the EVM account's name (alice.appkit.id).
    const accountButton = page.locator('appkit-account-button [data-testid="account-button"]')
    await accountButton.filter({ hasText: address.slice(-4) }).waitFor()
    assert.doesNotMatch(await accountButton.textContent(), /alice\.appkit\.id/)
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    await expectText(page, 'account-balance', shown)
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)

    // Activity (the backend over Esplora): Dave's payment, received, +0.456 BTC (cut to 3 decimals), from Dave.
    await page.getByTestId('account-tab-activity').click()
    const row = page.locator(`[data-testid="activity-row"][data-id="${spend.txid}"]`)
    await row.waitFor({ timeout: 15_000 })
    assert.equal((await row.getByTestId('activity-operation').textContent()).trim(), 'Received')
    assert.equal((await row.getByTestId('activity-amount').textContent()).trim(), `+${truncated(BigInt(paid))} BTC`)
    assert.match((await row.getByTestId('activity-counterparty').textContent()).trim(), /^From bcrt/)
    await page.getByTestId('account-tab-tokens').click()

    // Disconnect ends both; the wallet forgets the site.
    await page.getByTestId('disconnect-button').click()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('@appkit-wallet/connections')), null)
    assert.deepEqual(await page.evaluate(() => window.testWallets.bitcoin.wallet.accounts.length), 0)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
