// End to end: the AppKit Bitcoin Test Wallet's sats-connect face alone on the demo
// (?bitcoin-wallet-face=sats-connect: window.btc_providers, no Wallet Standard registration), against
// the local stack's Bitcoin regtest node and the backend's SIWX (?siwx=backend; issue 34, the second
// wallet protocol). Connect -> approve in the wallet's panel -> Sign: the panel asks sats-connect's
// signMessage, the backend verifies the BIP-322 signature and keeps the session -> the payment address
// on Bitcoin Local with the node's balance -> Send to a fresh address: the panel asks signPsbt, the
// wallet signs the kit's PSBT and posts it; confirmed on the node with the amount and the previewed
// fee -> reload: still connected through wallet_getAccount and still signed in, nothing asked ->
// disconnect: the wallet forgets the site. (test/e2e/bitcoin.test.mjs covers the default page, where the wallet shows
// both faces and the kit lists it once, with its Wallet Standard face.)
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.ts'
import { freshAddress } from '../bitcoin/helpers.ts'
import { btcShown, confirmedOnNode, nodeSats, previewBitcoinSend, shows } from './bitcoin-page.mjs'
import { connectWith, openDemo, waitForTokenIcons } from './demo-page.mjs'
import { siwxSessionsOnServer } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
// Bob's keys (test account #1): the other Bitcoin files of the run spend or count Alice's (#0), Carol's
// (#2) and Dave's (#3) outputs at the same time on the one node.
const [, bob] = bitcoinTestAccounts

/** The sats-connect face's silent answer for this site: its addresses, or the error code. */
const satsConnectAccount = page =>
  page.evaluate(async () => {
    const answer = await window.testWallets.bitcoin.satsConnect.request('wallet_getAccount', null)
    return answer.error ? answer.error.code : answer.result.addresses.map(entry => entry.address)
  })

test('the sats-connect face alone: connect, sign in verified by the backend, the node’s balance, send confirmed on the node, reload without a prompt, disconnect', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems, quiet } = await openDemo(
      stack.site.url,
      context,
      '?bitcoin-wallet-face=sats-connect&bitcoin-wallet-account=1&siwx=backend'
    )
    assert.deepEqual(await page.evaluate(() => window.btc_providers.map(entry => [entry.id, entry.name])), [
      ['AppKitBitcoinTestWallet.BitcoinProvider', 'AppKit Bitcoin Test Wallet']
    ])
    assert.equal(await satsConnectAccount(page), -32002, 'not connected yet')

    await connectWith(page, 'bitcoin')
    // Sign in: the wallet's panel asks sats-connect's signMessage; the backend verifies and keeps the session.
    await page.getByTestId('siwx-sign-button').click({ timeout: 15_000 })
    await page
      .getByTestId('bitcoin-wallet-method')
      .filter({ hasText: 'sats-connect signMessage' })
      .waitFor({ timeout: 15_000 })
    await page.getByTestId('bitcoin-wallet-approve').click()
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 15_000 })
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/siwx_token')))
    const sessions = () => siwxSessionsOnServer(stack.api, token, bob.payment.address, REGTEST_CAIP_NETWORK_ID)
    const [stored, ...more] = await sessions()
    assert.deepEqual(more, [])
    assert.deepEqual(
      [stored.session.data.chainId, stored.session.data.accountAddress],
      [REGTEST_CAIP_NETWORK_ID, bob.payment.address]
    )

    const caipAddress = `${REGTEST_CAIP_NETWORK_ID}:${bob.payment.address}`
    await shows(page, 'account-caip-address', caipAddress)
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    await shows(page, 'account-network', 'Bitcoin Local')
    await shows(page, 'account-balance', btcShown(await nodeSats(stack.rpc.bitcoin, bob.payment.address)))
    // Through the sats-connect face: it gave this site the payment address; the Wallet Standard face is not there.
    assert.deepEqual(await satsConnectAccount(page), [bob.payment.address])
    assert.equal(await page.evaluate(() => window.testWallets.bitcoin.wallet.accounts.length), 0)

    // Send: the kit's PSBT to the wallet's signPsbt with broadcast; the wallet posts it to the node.
    const receiver = freshAddress()
    const fee = await previewBitcoinSend(page, '0.05', receiver)
    const posted = page.waitForResponse(
      response => response.url() === `${stack.rpc.bitcoin}/tx` && response.request().method() === 'POST'
    )
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('bitcoin-wallet-method').filter({ hasText: 'sats-connect signPsbt' }).waitFor()
    await page.getByTestId('bitcoin-wallet-approve').click()
    const txid = (await (await posted).text()).trim()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    assert.deepEqual(await confirmedOnNode(stack.rpc.bitcoin, txid, receiver), {
      value: 5_000_000,
      fee,
      confirmed: true
    })

    // Reload: wallet_getAccount restores the connection; nothing is asked.
    await waitForTokenIcons(page)
    await quiet()
    await page.reload()
    await shows(page, 'account-status', 'connected')
    await shows(page, 'account-caip-address', caipAddress)
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 15_000 })
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)
    assert.equal((await sessions()).length, 1)

    // Disconnect: the kit asks wallet_disconnect; the wallet forgets the site.
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    await page.getByTestId('disconnect-button').click()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await satsConnectAccount(page), -32002)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
