// End to end: a Bitcoin wallet over WalletConnect (issue 34) on the demo with `?siwx=backend`, against
// the local stack's relay, Bitcoin regtest node (a block every 2 s) and backend. The wallet is the
// real wallet SDK in this process answering as a mobile Bitcoin wallet
// (test/walletconnect/bitcoin-wallet-side.ts) with test account #2, Carol (no other e2e file sends
// from it). Pair from the QR view -> the wallet approves bip122 only -> the kit asks
// getAccountAddresses and shows the payment address on Bitcoin Local -> sign-in: the wallet signs
// the CAIP-122 message (BIP-322) over WalletConnect, the backend verifies and keeps the session ->
// the balance is the node's -> a reload keeps the connection and the session, nothing asked -> Send
// BTC: the wallet gets signPsbt with broadcast, and the node confirms the payment with the amount and
// the previewed fee.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.ts'
import { freshAddress } from '../bitcoin/helpers.ts'
import { answerBitcoinRequests, bitcoinSessionAccounts } from '../walletconnect/bitcoin-wallet-side.ts'
import { startTestWalletKit } from '../walletconnect/wallet-side.ts'
import { btcShown, confirmedOnNode, nodeSats, previewBitcoinSend, shows, until } from './bitcoin-page.mjs'
import { openDemo, waitForTokenIcons } from './demo-page.mjs'
import { siwxSessionsOnServer, waitForPairingUri } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const carol = bitcoinTestAccounts[2]

test('a Bitcoin wallet over WalletConnect: connect, sign in (BIP-322, verified by the backend), the node’s balance, reload, send confirmed with the previewed fee', async () => {
  const wallet = await startTestWalletKit(stack.relay.url)
  const bitcoin = answerBitcoinRequests(wallet, { account: carol, esploraUrl: stack.rpc.bitcoin })
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const address = carol.payment.address
  try {
    const { page, problems, quiet } = await openDemo(stack.site.url, context, '?siwx=backend')
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-walletConnect').click()
    const uri = await waitForPairingUri(page, 'w3m-connecting-wallet-connect-view', problems)
    await wallet.pairAndAnswer(uri, { accounts: bitcoinSessionAccounts(carol, REGTEST_CAIP_NETWORK_ID) })

    // Two addresses in the session and no session property: the kit asked which is the payment one.
    await until(async () => bitcoin.requests.length > 0, 'the getAccountAddresses request')
    assert.deepEqual(bitcoin.requests[0], {
      method: 'getAccountAddresses',
      chainId: REGTEST_CAIP_NETWORK_ID,
      params: { account: address, intentions: ['payment'] }
    })

    // Sign-in: the CAIP-122 message for Bitcoin, signed by the wallet over WalletConnect.
    await page.getByTestId('siwx-sign-button').click({ timeout: 20_000 })
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    const asked = bitcoin.requests.find(request => request.method === 'signMessage')
    assert.deepEqual(
      { ...asked?.params, message: undefined },
      {
        account: address,
        address,
        message: undefined,
        protocol: 'bip322'
      }
    )
    // The backend verified the signature and keeps the session under this browser's token.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/siwx_token')))
    const sessions = () => siwxSessionsOnServer(stack.api, token, address, REGTEST_CAIP_NETWORK_ID)
    const [stored, ...more] = await sessions()
    assert.deepEqual(more, [])
    assert.deepEqual([stored.session.data.accountAddress, stored.session.message], [address, asked.params.message])

    // The account: Carol's payment address on Bitcoin Local, the node's balance.
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    await shows(page, 'account-caip-address', `${REGTEST_CAIP_NETWORK_ID}:${address}`)
    await shows(page, 'account-network', 'Bitcoin Local')
    await shows(page, 'account-balance', btcShown(await nodeSats(stack.rpc.bitcoin, address)))
    const connections = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/connections')))
    assert.deepEqual(Object.keys(connections), ['bip122'])
    assert.equal(connections.bip122[0].connectorId, 'walletConnect')

    // A reload restores the session from the SDK's storage: connected, signed in, nothing asked.
    const askedBefore = bitcoin.requests.length
    await waitForTokenIcons(page)
    await quiet()
    await page.reload()
    await shows(page, 'account-status', 'connected')
    await shows(page, 'account-caip-address', `${REGTEST_CAIP_NETWORK_ID}:${address}`)
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    assert.equal(bitcoin.requests.length, askedBefore)
    assert.equal((await sessions()).length, 1)

    // Send BTC: the wallet signs the kit's PSBT and broadcasts it.
    const receiver = freshAddress()
    await page.evaluate(() => window.appKit.open({ view: 'Account' }))
    const fee = await previewBitcoinSend(page, '0.0321', receiver)
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 20_000 })
    const sent = bitcoin.requests.at(-1)
    assert.equal(sent.method, 'signPsbt')
    assert.deepEqual([sent.params.account, sent.params.broadcast], [address, true])
    assert.ok(sent.params.signInputs.every(input => input.address === address))

    // On the node: the payment confirms with the amount and the fee the preview showed.
    const txid = (await fetch(`${stack.rpc.bitcoin}/address/${receiver}/txs`).then(r => r.json()))[0]?.txid
    assert.match(txid ?? '', /^[0-9a-f]{64}$/)
    assert.deepEqual(await confirmedOnNode(stack.rpc.bitcoin, txid, receiver), {
      value: 3_210_000,
      fee,
      confirmed: true
    })
    // Checked before the context closes: the relay's traffic for a closing page is not the kit's.
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
    bitcoin.stop()
    await wallet.stop()
  }
})
