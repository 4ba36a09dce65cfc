// End to end: moving value from the demo against the real local stack (chains, Solana runtime, backend),
// with the test wallets approving in their panels, each transfer checked against the chain with the
// test's own viem and @solana/web3.js calls: ETH to another funded account (both balances change by
// the amount and the fee), tUSDC to a registry name registered here for that account, a rejected
// signature that keeps the form and shows the error, and on the Solana runtime SOL to Bob and TUSDC
// to an address that has no token account yet (created by the transfer); and buying tUSDC through
// the backend's sandbox onramp, paid in its own window, arriving on the chain while the Activity tab
// shows the purchase pending, then confirmed.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createPublicClient, erc20Abi, formatEther, http, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { solanaTestAccounts, testUsdCoin } from '../../local/solana/accounts.ts'
import { connectWith, openDemo as openDemoPage } from './demo-page.mjs'
import { freshAccount } from './chain-a.mjs'
import { useLocalStack } from './local-stack.mjs'

// This file's Dev Wallet holds test account #4 (?dev-wallet-account=4) and its Solana test wallet
// Solana test account #1, Bob (?solana-wallet-account=1), which no other file uses (the files run two
// at a time on one stack), and its transfers go to accounts of its own: the shared chains' other
// accounts are not its to change.
const DEV_WALLET_ADDRESS = TEST_ACCOUNTS[4].address
const RECEIVER = freshAccount()
const stack = useLocalStack()

/** The kit's display rule: cut, never rounded, to 3 decimals, trailing zeros dropped; en grouping. */
function truncated(decimal) {
  const [whole, fraction = ''] = decimal.split('.')
  const cut = fraction.slice(0, 3).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return cut ? `${grouped}.${cut}` : grouped
}

const text = async (page, testId) => (await page.getByTestId(testId).first().textContent())?.trim()

const openDemo = (context, query = '') =>
  openDemoPage(stack.site.url, context, `?dev-wallet-account=4&solana-wallet-account=1${query ? `&${query}` : ''}`)

/** Connects a test wallet; the Account view then offers Send. */
async function connectForSend(page, wallet) {
  await connectWith(page, wallet)
  await page.getByTestId('wallet-feature-send').waitFor({ timeout: 15_000 })
}

/** Fills the Send form (token by its symbol), opens the preview and returns the fee it shows. */
async function previewSend(page, { symbol, amount, receiver }) {
  await page.getByTestId('wallet-feature-send').click()
  const select = page.getByTestId('send-token-select')
  await select
    .locator('option', { hasText: `${symbol} ·` })
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
  const label = await select
    .locator('option', { hasText: `${symbol} ·` })
    .first()
    .textContent()
  await select.selectOption({ label: label.trim() })
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-receiver-input').fill(receiver)
  await page.getByTestId('send-preview-button').click()
  await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
  return text(page, 'send-preview-fee')
}

const evm = () => createPublicClient({ transport: http(stack.rpc.a) })

function tusdc(owner) {
  return evm().readContract({ address: CONTRACTS.tUSDC, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** What the Dev Wallet's last transaction on chain A cost in gas (its receipt). */
async function lastFeePaid() {
  const client = evm()
  const block = await client.getBlock({ includeTransactions: true })
  const sent = block.transactions.filter(tx => tx.from.toLowerCase() === DEV_WALLET_ADDRESS.toLowerCase())
  assert.equal(sent.length, 1, 'one transaction of the Dev Wallet in the last block')
  const receipt = await client.getTransactionReceipt({ hash: sent[0].hash })
  assert.equal(receipt.status, 'success')
  return receipt.gasUsed * receipt.effectiveGasPrice
}

/** Registers `label`.appkit.id for `account` through the backend (the account signs, as the kit's flow will). */
async function registerName(label, account) {
  const signer = privateKeyToAccount(account.privateKey)
  const message = JSON.stringify({ name: `${label}.appkit.id`, timestamp: Date.now() })
  const url = new URL(`${stack.api}/v1/profile/account`)
  url.searchParams.set('projectId', 'appkit-local')
  url.searchParams.set('st', 'appkit')
  url.searchParams.set('sv', 'html-appkit-elements-0.1.0')
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: 60,
      address: account.address,
      message,
      signature: await signer.signMessage({ message })
    })
  })
  assert.equal(response.status, 200, await response.text())
}

test('send ETH, then tUSDC to a name, from the Dev Wallet: the chain moves the amounts and the fee; a rejection keeps the form', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await connectForSend(page, 'dev')

    // ETH: the preview's fee, the wallet's approval, the toast, back to Account.
    const amount = parseEther('1.5')
    const [senderBefore, receiverBefore] = await Promise.all([
      evm().getBalance({ address: DEV_WALLET_ADDRESS }),
      evm().getBalance({ address: RECEIVER.address })
    ])
    const fee = await previewSend(page, { symbol: 'ETH', amount: '1.5', receiver: RECEIVER.address })
    assert.match(fee, /^0\.0000\d+ ETH$/)
    assert.equal(await text(page, 'send-preview-amount'), '1.5 ETH')
    assert.equal(await text(page, 'send-preview-network'), 'Local Chain A')
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('disconnect-button').waitFor()
    const paid = await lastFeePaid()
    assert.equal((await evm().getBalance({ address: RECEIVER.address })) - receiverBefore, amount)
    assert.equal(senderBefore - (await evm().getBalance({ address: DEV_WALLET_ADDRESS })), amount + paid)
    // The balance the Account view shows is read again (past the caches): the chain's.
    const shownEth = truncated(formatEther(await evm().getBalance({ address: DEV_WALLET_ADDRESS })))
    await page
      .getByTestId('account-balance')
      .filter({ hasText: `${shownEth} ETH` })
      .waitFor({ timeout: 15_000 })

    // tUSDC to a name: it resolves to its address, shown beside it and in the preview.
    await registerName('carol-e2e', RECEIVER)
    const tokens = parseUnits('12.5', 6)
    const [tokensBefore, receiverTokensBefore] = await Promise.all([tusdc(DEV_WALLET_ADDRESS), tusdc(RECEIVER.address)])
    await page.getByTestId('wallet-feature-send').click()
    await page.getByTestId('send-receiver-input').fill('carol-e2e.appkit.id')
    await page.getByTestId('send-name-address').filter({ hasText: RECEIVER.address }).waitFor({ timeout: 15_000 })
    await page.getByTestId('header-back').click()
    await previewSend(page, { symbol: 'tUSDC', amount: '12.5', receiver: 'carol-e2e.appkit.id' })
    assert.equal(await text(page, 'send-preview-name'), 'carol-e2e.appkit.id')
    assert.match(await text(page, 'send-preview-receiver'), new RegExp(RECEIVER.address))
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('disconnect-button').waitFor({ timeout: 15_000 })
    assert.equal(await tusdc(RECEIVER.address), receiverTokensBefore + tokens)
    assert.equal(await tusdc(DEV_WALLET_ADDRESS), tokensBefore - tokens)

    // A rejection in the wallet: the error, the form kept, nothing sent.
    const before = await evm().getBalance({ address: RECEIVER.address })
    await previewSend(page, { symbol: 'ETH', amount: '0.25', receiver: RECEIVER.address })
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('dev-wallet-reject').click()
    await page
      .getByTestId('send-preview-error')
      .filter({ hasText: 'Transaction declined' })
      .waitFor({ timeout: 15_000 })
    await page.getByTestId('send-cancel-button').click()
    assert.equal(await page.getByTestId('send-amount-input').inputValue(), '0.25')
    assert.equal(await page.getByTestId('send-receiver-input').inputValue(), RECEIVER.address)
    assert.equal(await evm().getBalance({ address: RECEIVER.address }), before)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('send SOL, then TUSDC to an address without a token account, from the Solana test wallet', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const connection = new Connection(stack.rpc.solana, 'confirmed')
  // The Solana test wallet's account (Bob, this file's) sends; the receiver is a new address of this test's own.
  const sender = new PublicKey(solanaTestAccounts[1].publicKey)
  const receiver = Keypair.generate().publicKey
  const mint = new PublicKey(testUsdCoin.address)
  try {
    const { page, problems } = await openDemo(context)
    await connectForSend(page, 'solana')

    const [senderBefore, receiverBefore] = await Promise.all([
      connection.getBalance(sender),
      connection.getBalance(receiver)
    ])
    const fee = await previewSend(page, { symbol: 'SOL', amount: '1.25', receiver: receiver.toBase58() })
    assert.equal(fee, '0.000005 SOL')
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('solana-wallet-approve').click()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('disconnect-button').waitFor()
    assert.equal((await connection.getBalance(receiver)) - receiverBefore, 1.25 * LAMPORTS_PER_SOL)
    assert.equal(senderBefore - (await connection.getBalance(sender)), 1.25 * LAMPORTS_PER_SOL + 5000)

    // TUSDC to a fresh address: its token account is created in the same transaction (rent in the fee).
    const fresh = Keypair.generate().publicKey
    const rent = await connection.getMinimumBalanceForRentExemption(165)
    const solBefore = await connection.getBalance(sender)
    const tokenFee = await previewSend(page, { symbol: 'TUSDC', amount: '2.5', receiver: fresh.toBase58() })
    assert.equal(tokenFee, `${((5000 + rent) / LAMPORTS_PER_SOL).toFixed(9).replace(/0+$/, '')} SOL`)
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('solana-wallet-approve').click()
    await page.getByTestId('disconnect-button').waitFor({ timeout: 15_000 })
    const received = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, fresh), 'confirmed')
    assert.equal(received.value.amount, '2500000')
    assert.equal(solBefore - (await connection.getBalance(sender)), 5000 + rent)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('buy tUSDC through the sandbox onramp: the quote, the checkout window, the tokens on the chain, Activity pending then confirmed', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await connectWith(page, 'dev')
    await page.getByTestId('wallet-feature-onramp').click()
    await page.getByTestId('onramp-provider-coinbase').click()
    // The options from the backend: tUSDC on the local chain is offered first, USD by card.
    await page
      .getByTestId('onramp-purchase-currency')
      .locator('option', { hasText: 'tUSDC' })
      .waitFor({ state: 'attached' })
    assert.equal(await page.getByTestId('onramp-purchase-currency').inputValue(), 'tUSDC')
    assert.equal(await text(page, 'onramp-limits'), 'Between 10.00 and 7500.00 USD')
    await page.getByTestId('onramp-amount-input').fill('25')
    await page.getByTestId('onramp-quote').waitFor({ timeout: 15_000 })
    const quoted = (await text(page, 'onramp-quote-amount')).replace(/ tUSDC$/, '')
    assert.equal(await text(page, 'onramp-quote-total'), '$25.00')
    const before = await tusdc(DEV_WALLET_ADDRESS)

    // Continue: the sandbox checkout opens in its own window; the modal returns to Activity.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('onramp-checkout-button').click()
    ])
    await checkout.waitForLoadState()
    assert.match(checkout.url(), /\/onramp\/sandbox\?order=[0-9a-f]{32}$/)
    assert.equal(await checkout.evaluate(() => window.opener), null, 'the provider page cannot reach the app')
    const bought = page
      .getByTestId('activity-row')
      .filter({ has: page.getByTestId('activity-operation').filter({ hasText: 'Bought' }) })
    await bought
      .first()
      .getByTestId('activity-meta')
      .and(page.locator('[data-status="pending"]'))
      .waitFor({ timeout: 15_000 })

    // Paid in the sandbox: the tokens arrive on the chain, and the purchase turns confirmed in Activity.
    await checkout.locator('#pay-button').click()
    await checkout.locator('#status.status-completed').waitFor({ timeout: 20_000 })
    const received = (await tusdc(DEV_WALLET_ADDRESS)) - before
    assert.equal(received, parseUnits(quoted, 6), `the chain's ${received} is the quoted ${quoted}`)
    await bought
      .first()
      .getByTestId('activity-meta')
      .and(page.locator('[data-status="confirmed"]'))
      .waitFor({ timeout: 30_000 })
    await checkout.close()
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

function tokenBalance(token, owner) {
  return evm().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

test('swap tUSDC -> TT with the approve step through the transaction stack: the chain moves what the quote said, within slippage', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await connectForSend(page, 'dev')
    await page.getByTestId('wallet-feature-swaps').click()
    const source = page.getByTestId('swap-source-token')
    await source.locator('option', { hasText: 'tUSDC' }).waitFor({ state: 'attached', timeout: 15_000 })
    await source.selectOption({ label: 'tUSDC' })
    await page.getByTestId('swap-to-token').selectOption({ label: 'TT' })
    await page.getByTestId('swap-source-amount').fill('10')
    await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
    const quoted = parseUnits(await text(page, 'swap-to-amount'), 18)
    const [usdcBefore, ttBefore] = await Promise.all([
      tokenBalance(CONTRACTS.tUSDC, DEV_WALLET_ADDRESS),
      tokenBalance(CONTRACTS.TT, DEV_WALLET_ADDRESS)
    ])
    await page.getByTestId('swap-review-button').click()
    await page.getByTestId('swap-preview-minimum').waitFor()
    await page.getByTestId('swap-confirm-button').click()
    // The router may not spend tUSDC yet: the approval first, then the swap, each approved in the wallet.
    await page.getByTestId('approve-button').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('dev-wallet-approve').click({ timeout: 20_000 })
    await page.getByTestId('toast-message').filter({ hasText: 'Swap completed' }).waitFor({ timeout: 20_000 })
    await page.getByTestId('disconnect-button').waitFor()
    const [usdcAfter, ttAfter] = await Promise.all([
      tokenBalance(CONTRACTS.tUSDC, DEV_WALLET_ADDRESS),
      tokenBalance(CONTRACTS.TT, DEV_WALLET_ADDRESS)
    ])
    assert.equal(usdcBefore - usdcAfter, parseUnits('10', 6))
    const received = ttAfter - ttBefore
    assert.ok(received >= (quoted * 99n) / 100n && received <= quoted, `received ${received}, quoted ${quoted}`)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('swap TT back to tUSDC through one atomic wallet_sendCalls (the Dev Wallet batches): one approval in the wallet, the chain moves what the quote said', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context, 'dev-wallet-atomic=1')
    await connectForSend(page, 'dev')
    await page.getByTestId('wallet-feature-swaps').click()
    const source = page.getByTestId('swap-source-token')
    await source.locator('option', { hasText: 'TT' }).waitFor({ state: 'attached', timeout: 15_000 })
    await source.selectOption({ label: 'TT' })
    await page.getByTestId('swap-to-token').selectOption({ label: 'tUSDC' })
    await page.getByTestId('swap-source-amount').fill('2')
    await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
    const quoted = parseUnits(await text(page, 'swap-to-amount'), 6)
    const [ttBefore, usdcBefore] = await Promise.all([
      tokenBalance(CONTRACTS.TT, DEV_WALLET_ADDRESS),
      tokenBalance(CONTRACTS.tUSDC, DEV_WALLET_ADDRESS)
    ])
    await page.getByTestId('swap-review-button').click()
    await page.getByTestId('swap-confirm-button').click()
    // One request in the wallet: the approval and the swap together; no ApproveTransaction view.
    await page.getByTestId('dev-wallet-approve').waitFor({ timeout: 20_000 })
    assert.equal(await text(page, 'dev-wallet-method'), 'wallet_sendCalls')
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('toast-message').filter({ hasText: 'Swap completed' }).waitFor({ timeout: 30_000 })
    assert.equal(await page.getByTestId('approve-button').count(), 0)
    const [ttAfter, usdcAfter] = await Promise.all([
      tokenBalance(CONTRACTS.TT, DEV_WALLET_ADDRESS),
      tokenBalance(CONTRACTS.tUSDC, DEV_WALLET_ADDRESS)
    ])
    assert.equal(ttBefore - ttAfter, parseUnits('2', 18))
    const received = usdcAfter - usdcBefore
    assert.ok(received >= (quoted * 99n) / 100n && received <= quoted, `received ${received}, quoted ${quoted}`)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
