// End to end: the AppKit Bitcoin Test Wallet (Wallet Standard, `bitcoin:connect`) on the demo,
// against the local stack's Bitcoin regtest node (local/bitcoin) and the backend reading its
// Esplora API (issue 34, first slice). A payment to the wallet's address is put in the node's
// mempool first, so that the balance shown is the node's confirmed + unconfirmed sum, not the
// genesis amount. Connect -> approve in the wallet's panel -> the Account view shows the payment
// address (P2WPKH) on Bitcoin Local with the node's balance, the Tokens list BTC -> reload: still
// connected, nothing asked -> beside the Dev Wallet (one connection per namespace), and back to
// Bitcoin Local from the Networks view, its Activity (the payment received) -> disconnect.
// Then, in the same file so that Alice's coins are never spent while the first test counts them
// (the runner runs two files at a time), Send BTC with the Wallet Standard face (a block every 2 s).
// Connect -> Send -> a mainnet address is refused with its text -> a fresh
// regtest address: the preview's fee -> a refusal in the wallet keeps the form and sends nothing ->
// approved in the wallet's panel (bitcoin:signTransaction; the kit posts the signed transaction) ->
// the success toast, the Account view, the balance read again -> on the node (Esplora /tx/:id) the
// transaction confirms with the amount to the receiver and the fee the preview showed.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.ts'
import { freshAddress, postTx, signSpend, utxosOf } from '../bitcoin/helpers.ts'
import { btcShown, confirmedOnNode, feeSats, nodeSats, shows, text } from './bitcoin-page.mjs'
import { connectWith, openDemo, waitForTokenIcons } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const [alice, , , dave] = bitcoinTestAccounts

const MAINNET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

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
    await shows(page, 'account-caip-address', caipAddress)
    await shows(page, 'account-network', 'Bitcoin Local')
    const shown = btcShown(await nodeSats(stack.rpc.bitcoin, address))
    assert.notEqual(shown, '10 BTC', 'the payment is counted')
    await shows(page, 'account-balance', shown)
    await shows(page, 'token-amount', shown)
    assert.equal(await text(page, 'token-amount'), shown)

    // Reload: the wallet still exposes the account to this site; nothing is asked.
    await waitForTokenIcons(page)
    await quiet()
    await page.reload()
    await shows(page, 'account-status', 'connected')
    await shows(page, 'account-caip-address', caipAddress)
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)

    // The Dev Wallet beside it: one connection per namespace, both kept.
    await page.evaluate(() => window.testWallets.dev.setAutoApprove(true))
    await page.evaluate(() => window.appKit.open({ view: 'Connect' }))
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await shows(page, 'account-caip-address', 'eip155:31337:')
    const connections = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/connections')))
    assert.deepEqual(Object.keys(connections).sort(), ['bip122', 'eip155'])

    // Back to Bitcoin Local from the Networks view: its wallet's account shows again, nothing asked.
    await page.evaluate(() => window.appKit.open({ view: 'Networks' }))
    await page.getByTestId(`network-${REGTEST_CAIP_NETWORK_ID}`).click()
    await shows(page, 'account-caip-address', caipAddress)
    // The account button shows the Bitcoin address, not the EVM account's name (alice.appkit.id).
    const accountButton = page.locator('appkit-account-button [data-testid="account-button"]')
    await accountButton.filter({ hasText: address.slice(-4) }).waitFor()
    assert.doesNotMatch(await accountButton.textContent(), /alice\.appkit\.id/)
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    await shows(page, 'account-balance', shown)
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)

    // Activity (the backend over Esplora): Dave's payment, received, +0.456 BTC (cut to 3 decimals), from Dave.
    await page.getByTestId('account-tab-activity').click()
    const row = page.locator(`[data-testid="activity-row"][data-id="${spend.txid}"]`)
    await row.waitFor({ timeout: 15_000 })
    assert.equal((await row.getByTestId('activity-operation').textContent()).trim(), 'Received')
    assert.equal((await row.getByTestId('activity-amount').textContent()).trim(), `+${btcShown(BigInt(paid))}`)
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

    // A fresh regtest address: the preview with the fee in BTC (the form kept its amount).
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
    assert.deepEqual(await confirmedOnNode(stack.rpc.bitcoin, txid, receiver), {
      value: 12_340_000,
      fee,
      confirmed: true
    })
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
