// End to end, faults of the chain RPC, the wallet and the page's storage (issue 33, point 2; spec §3,
// §8, §9): the kit on the fault page (fault-page.mjs), chain A's RPC behind a fault proxy, the Dev
// Wallet on the page, in Chromium against the local stack. The chain RPC dies between the wallet's
// signature and the receipt; a send fails before the wallet; the wallet answers garbage, rejects or
// does not answer; storage is full or corrupted. Nothing is lost: the typed Send form, the
// connection, the selected network; a double click sends once.
// Time: the sending tests run one after the other (one account, one nonce), beside the storage tests.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { freshAccount } from './chain-a.mjs'
import { connectDevWallet } from './test-wallets.mjs'
import {
  accountView,
  activityShown,
  fillSwap,
  previewEthSend,
  toast,
  unexpected,
  useFaultPages
} from './fault-page.mjs'

const { stack, sender, open: openFaultPage, assertConnectionKept } = useFaultPages()

/**
 * An init script: the next eth_sendTransaction of every EIP-6963 wallet on the page is answered
 * with an object instead of a hash, without asking the wallet (a wallet that answers garbage);
 * every eth_sendTransaction the page asks is counted in `window.sendTransactionCalls`.
 */
function answerGarbageOnce() {
  let armed = true
  window.addEventListener('eip6963:announceProvider', event => {
    const provider = event.detail.provider
    if (provider.garbagePatched) return
    const request = provider.request.bind(provider)
    provider.garbagePatched = true
    provider.request = async args => {
      if (args.method === 'eth_sendTransaction') window.sendTransactionCalls = (window.sendTransactionCalls ?? 0) + 1
      if (armed && args.method === 'eth_sendTransaction') {
        armed = false
        return { hash: 42 }
      }
      return request(args)
    }
  })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
}

const nonce = address =>
  fetch(stack.rpc.a, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: [address, 'latest'] })
  })
    .then(response => response.json())
    .then(({ result }) => Number(result))

describe('chain, wallet and storage faults', { concurrency: true }, () => {
  test('sending (one account: one after the other)', async t => {
    await t.test(
      'the chain RPC dies after the wallet signed and before the receipt (spec §9: RPC retries 3, 150 ms backoff): the swap is not reported failed; the kit finds the receipt when the RPC is back',
      async () => {
        const opened = await openFaultPage()
        const { page, rpc } = opened
        try {
          await connectDevWallet(page)
          await page.getByTestId('wallet-feature-swaps').waitFor({ timeout: 15_000 })
          await fillSwap(page, '2')
          await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
          await page.getByTestId('swap-review-button').click()
          await page.getByTestId('swap-confirm-button').click()
          // The approval first (its receipt read with the RPC up), then the swap itself.
          await page.getByTestId('approve-button').click()
          await page.getByTestId('dev-wallet-approve').click()
          await page.getByTestId('dev-wallet-approve').waitFor({ state: 'hidden', timeout: 15_000 })
          await page.getByTestId('dev-wallet-approve').waitFor({ timeout: 20_000 })
          await rpc.down()
          const asked = rpc.requests.length
          await page.getByTestId('dev-wallet-approve').click()
          // Longer than a poll's 4 tries (150 + 300 + 600 ms apart) and the next poll (1 s on a local chain).
          await page.waitForTimeout(3000)
          assert.equal(await page.getByTestId('swap-error').count(), 0, 'no failure while the RPC is down')
          await rpc.up()
          await toast(page, 'Swap completed').waitFor({ timeout: 15_000 })
          assert.ok(
            rpc.requests.slice(asked).some(request => request.rpcMethods.includes('eth_getTransactionReceipt')),
            'the receipt was read once the RPC was back'
          )
          await assertConnectionKept(page)
          assert.deepEqual(unexpected(opened.problems), [])
        } finally {
          await opened.close()
        }
      }
    )

    await t.test(
      'a send that fails before the wallet is asked (the RPC down, spec §8 "Transaction failed") keeps the typed Send form; sent again once the RPC is back, it goes through once',
      async () => {
        const receiver = freshAccount().address
        const opened = await openFaultPage()
        const { page, rpc } = opened
        try {
          await connectDevWallet(page)
          await previewEthSend(page, '0.01', receiver)
          await rpc.down()
          await page.getByTestId('send-confirm-button').click()
          await page
            .getByTestId('send-preview-error')
            .filter({ hasText: 'Transaction failed' })
            .waitFor({ timeout: 15_000 })
          assert.equal(await page.getByTestId('dev-wallet-approve').isVisible(), false, 'the wallet was not asked')
          await page.getByTestId('header-back').click()
          assert.equal(await page.getByTestId('send-amount-input').inputValue(), '0.01')
          assert.equal(await page.getByTestId('send-receiver-input').inputValue(), receiver)
          await rpc.up()
          await page.getByTestId('send-preview-button').click()
          await page.getByTestId('send-confirm-button').click()
          await page.getByTestId('dev-wallet-approve').click()
          await toast(page, 'Transaction sent').waitFor({ timeout: 15_000 })
          await assertConnectionKept(page)
          assert.deepEqual(unexpected(opened.problems), [])
        } finally {
          await opened.close()
        }
      }
    )

    await t.test(
      'the wallet answers a malformed value, rejects, or does not answer (spec §8): "Transaction failed" / "Transaction declined" with the form kept and the modal usable; the pending view can be left; a double click on Send asks the wallet once and sends once',
      async () => {
        const receiver = freshAccount().address
        const opened = await openFaultPage({ beforeLoad: ({ context }) => context.addInitScript(answerGarbageOnce) })
        const { page } = opened
        try {
          await connectDevWallet(page)
          const before = await nonce(sender.address)
          await previewEthSend(page, '0.001', receiver)
          // Garbage for an answer: a failure, nothing sent, the form kept.
          await page.getByTestId('send-confirm-button').click()
          await page
            .getByTestId('send-preview-error')
            .filter({ hasText: 'Transaction failed' })
            .waitFor({ timeout: 15_000 })
          // A rejection: declined, the form kept.
          await page.getByTestId('send-confirm-button').click()
          await page.getByTestId('dev-wallet-reject').click()
          await page
            .getByTestId('send-preview-error')
            .filter({ hasText: 'Transaction declined' })
            .waitFor({ timeout: 15_000 })
          // No answer: the visitor leaves the pending preview; the form is there, as typed.
          // Two clicks in one go (a double click), before the first has reached the wallet.
          await page.getByTestId('send-confirm-button').evaluate(button => {
            button.click()
            button.click()
          })
          await page.getByTestId('dev-wallet-approve').waitFor()
          assert.equal(
            (await page.getByTestId('dev-wallet-queue').textContent()).trim(),
            '',
            'one request in the wallet'
          )
          // The Dev Wallet's panel is a modal dialog in the page (an extension's is a window of its own):
          // the visitor's click on Back reaches the kit as an event.
          await page.getByTestId('header-back').dispatchEvent('click')
          assert.equal(await page.getByTestId('send-amount-input').inputValue(), '0.001')
          assert.equal(await page.getByTestId('send-receiver-input').inputValue(), receiver)
          // The wallet answers at last: sent once.
          await page.getByTestId('dev-wallet-approve').click()
          await toast(page, 'Transaction sent').waitFor({ timeout: 15_000 })
          assert.equal((await nonce(sender.address)) - before, 1, 'one transaction from the account')
          assert.equal(
            await page.evaluate(() => window.sendTransactionCalls),
            3,
            'the wallet was asked 3 times: the garbage answer, the rejection, and once for the double click'
          )
          await assertConnectionKept(page)
          assert.deepEqual(unexpected(opened.problems), [])
        } finally {
          await opened.close()
        }
      }
    )
  })

  /** An init script: every write of the kit's keys throws QuotaExceededError (storage full). */
  function storageFull() {
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key, value) {
      if (String(key).startsWith('@appkit-wallet/'))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      return setItem.call(this, key, value)
    }
  }

  /** Problems of any kind but failed loads: the storage tests allow none, and no console error at all. */
  const consoleErrors = problems =>
    problems.filter(problem => problem.startsWith('uncaught') || problem.startsWith('console error'))

  test('storage full (QuotaExceededError on every write, spec §3 "Stored locally"): connecting, the Account view, Activity and a reload work; only console warnings say so', async () => {
    const opened = await openFaultPage({ beforeLoad: ({ context }) => context.addInitScript(storageFull) })
    const { page } = opened
    try {
      await connectDevWallet(page)
      await accountView(page).waitFor({ timeout: 15_000 })
      await page.getByTestId('account-tab-activity').click()
      await activityShown(page)
      await page.keyboard.press('Escape')
      await page.getByTestId('account-button').click()
      await accountView(page).waitFor()
      await assertConnectionKept(page)
      assert.ok(
        opened.warnings.some(warning => warning.startsWith('[appkit] Could not store')),
        'a console warning says what could not be stored'
      )
      await page.reload()
      await connectDevWallet(page)
      await accountView(page).waitFor({ timeout: 15_000 })
      assert.deepEqual(consoleErrors(opened.problems), [])
      assert.equal(await page.getByTestId('toast-message').filter({ hasText: /stor/i }).count(), 0)
    } finally {
      await opened.close()
    }
  })

  test("storage corrupted by another script (every @appkit-wallet/ key overwritten, spec §3): the kit goes on for the page's life, starts again after a reload and connects; only console warnings say so", async () => {
    const opened = await openFaultPage()
    const { page } = opened
    try {
      await connectDevWallet(page)
      await accountView(page).waitFor({ timeout: 15_000 })
      const corrupt = () =>
        page.evaluate(() => {
          const keys = Object.keys(localStorage).filter(key => key.startsWith('@appkit-wallet/'))
          keys.forEach((key, index) =>
            localStorage.setItem(key, ['{not json', '{"value":{"x":1},"at":"soon"}', '[]', 'null'][index % 4])
          )
          return keys.length
        })
      assert.ok((await corrupt()) > 0, 'the kit had stored something to corrupt')
      await page.keyboard.press('Escape')
      await page.getByTestId('account-button').click()
      await page.getByTestId('account-tab-activity').click()
      await activityShown(page)
      await assertConnectionKept(page)
      await corrupt()
      await page.reload()
      await page.locator('appkit-button').waitFor()
      await page.waitForFunction(() => window.appKit !== undefined)
      if (!(await page.getByTestId('account-button').isVisible())) await connectDevWallet(page)
      else await page.getByTestId('account-button').click()
      await accountView(page).waitFor({ timeout: 15_000 })
      await assertConnectionKept(page)
      assert.ok(
        opened.warnings.some(warning => warning.startsWith('[appkit] Dropped the stored value')),
        'a console warning says what was dropped'
      )
      assert.deepEqual(consoleErrors(opened.problems), [])
    } finally {
      await opened.close()
    }
  })
})
