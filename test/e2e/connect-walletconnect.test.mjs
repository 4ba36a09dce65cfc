// End to end: connecting the demo over WalletConnect, against the real local stack (the local
// relay, local/walletconnect-relay/relay.ts, and chain A): the real wallet SDK
// (test/walletconnect/wallet-side.ts) pairs from the QR view, approves, and answers a send through
// the session. The wallet is test account #3 (no other file's tests send from it or read it).
// Everything started is stopped by its id.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { TEST_ACCOUNTS, localViemChain } from '../../local/chain/deployment.ts'
import { openDemo as openDemoPage, waitForTokenIcons } from './demo-page.mjs'
import { waitForPairingUri } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'
import { asSender, freshAccount } from './chain-a.mjs'
import { startTestWalletKit } from '../walletconnect/wallet-side.ts'

const stack = useLocalStack()
const { rpc } = stack

const openDemo = context => openDemoPage(stack.site.url, context)

const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim()

async function expectText(page, testId, expected, timeout = 15_000) {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout })
}

test('WalletConnect: pair from the QR view with a real wallet SDK, approve, see both accounts, disconnect', async () => {
  const wallet = await startTestWalletKit(stack.relay.url)
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const EVM_ACCOUNT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const SOLANA_ACCOUNT = 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA'
  try {
    const { page, problems } = await openDemo(context)
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-walletConnect').click()
    // The QR view's code carries the pairing URI (the same the Copy link button copies).
    const uri = await waitForPairingUri(page, 'w3m-connecting-wallet-connect-view', problems)
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)

    await wallet.pairAndAnswer(uri, {
      accounts: [`eip155:31337:${EVM_ACCOUNT}`, `${'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'}:${SOLANA_ACCOUNT}`]
    })
    await expectText(page, 'account-caip-address', `eip155:31337:${EVM_ACCOUNT}`, 20_000)
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-status'), 'connected')
    const connections = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/connections')))
    assert.deepEqual(Object.keys(connections).sort(), ['eip155', 'solana'])
    assert.equal(connections.solana[0].connectorId, 'walletConnect')

    // A reload restores the session from the SDK's storage without asking the wallet (once the
    // Tokens list's icons have loaded: a reload would abort them).
    await waitForTokenIcons(page)
    await page.reload()
    await expectText(page, 'account-caip-address', `eip155:31337:${EVM_ACCOUNT}`, 20_000)

    // Disconnect: the wallet hears that the session ended.
    const deleted = wallet.nextEvent('session_delete')
    await page.locator('appkit-account-button [data-testid="account-button"]').click()
    await page.getByTestId('disconnect-button').click()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    await deleted
    assert.equal(await page.evaluate(() => localStorage.getItem('@appkit-wallet/connections')), null)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
    await wallet.stop()
  }
})

test('WalletConnect: send through the session: the wallet gets eth_sendTransaction, answers the hash, the chain moves the amount', async () => {
  const wallet = await startTestWalletKit(stack.relay.url)
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const EVM_ACCOUNT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  try {
    const { page, problems } = await openDemo(context)
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-walletConnect').click()
    const uri = await waitForPairingUri(page, 'w3m-connecting-wallet-connect-view', problems)
    await wallet.pairAndAnswer(uri, { accounts: [`eip155:31337:${EVM_ACCOUNT}`] })
    await expectText(page, 'account-caip-address', `eip155:31337:${EVM_ACCOUNT}`, 20_000)
    await page.keyboard.press('Escape')

    // The wallet signs and sends it (here with the account's test key) and answers the hash.
    // An address of this test's own: no other test's transfer lands there.
    const receiver = freshAccount().address
    const client = createPublicClient({ transport: http(rpc.a) })
    const receiverBefore = await client.getBalance({ address: receiver })
    await page.locator('appkit-account-button [data-testid="account-button"]').click()
    await page.getByTestId('wallet-feature-send').click()
    await page.getByTestId('send-amount-input').fill('0.5')
    await page.getByTestId('send-receiver-input').fill(receiver)
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
    const asked = wallet.nextEvent('session_request')
    await page.getByTestId('send-confirm-button').click()
    const request = await asked
    assert.equal(request.params.chainId, 'eip155:31337')
    assert.equal(request.params.request.method, 'eth_sendTransaction')
    const [call] = request.params.request.params
    assert.deepEqual(call, { from: EVM_ACCOUNT, to: receiver, value: '0x6f05b59d3b20000', data: '0x' })
    const signer = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS.find(entry => entry.address === EVM_ACCOUNT).privateKey),
      chain: localViemChain(31337, rpc.a),
      transport: http(rpc.a)
    })
    const hash = await asSender(rpc.a, EVM_ACCOUNT, () =>
      signer.sendTransaction({ to: call.to, value: BigInt(call.value), data: call.data })
    )
    await wallet.kit.respondSessionRequest({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', result: hash }
    })
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('disconnect-button').waitFor()
    assert.equal((await client.getBalance({ address: receiver })) - receiverBefore, 500_000_000_000_000_000n)
    // Checked before the context closes: the relay's traffic for a closing page is not the kit's.
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
    await wallet.stop()
  }
})
