// End to end: the embedded wallet against the real local stack (issue 14). A visitor with no
// wallet logs in by e-mail with the code read from the local inbox (maildev: real SMTP), gets an
// address, is funded by a test account, sends tUSDC approving inside the secure frame (checked on
// the chain), signs in with the backend's sign-in (its signature verified with viem), reloads and
// is still connected, and logs out. The same e-mail in a fresh browser context gets a device code,
// then the same address and balance; it swaps tUSDC for TT (allowance and swap each approved in
// the frame) and changes its e-mail. On Solana another login sends SOL (the frame shows the
// transfer; checked on the local runtime), and once its session ends on the backend the next send
// says 'Session Expired'. No message the host page receives in the whole flow contains the
// wallet's keys; a page on a foreign origin that embeds the frame gets nothing.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction
} from '@solana/web3.js'
import { parseUnits, verifyMessage } from 'viem'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { openDemo as openDemoPage, textOf } from './demo-page.mjs'
import {
  approveInFrame,
  emailLogIn,
  fillSwap,
  previewSend,
  signInApproved,
  frameSession,
  walletFrame,
  walletKeys
} from './embedded-page.mjs'
import { useLocalStack } from './local-stack.mjs'
import { freshAccount, fundOnChainA, tokenBalance as tokenBalanceOnChainA } from './chain-a.mjs'
import { testKeypair } from '../solana/helpers.ts'

const stack = useLocalStack()
const EMAIL = `visitor-${Date.now()}@example.com`
const NEW_EMAIL = `moved-${Date.now()}@example.com`
/** Where this file's transfers go: an address of its own on the shared chain. */
const RECEIVER = freshAccount().address
const newContext = () => stack.browser.newContext({ viewport: { width: 1280, height: 900 } })

/** Records every message the host page receives (its data as JSON), from before the page's own scripts. */
async function recordMessages(context) {
  await context.addInitScript(() => {
    const seen = []
    Object.defineProperty(window, '__hostMessages', { value: seen })
    window.addEventListener('message', event => {
      try {
        seen.push(JSON.stringify(event.data))
      } catch {
        seen.push(String(event.data))
      }
    })
  })
}

const openDemo = (context, query = '') => openDemoPage(stack.site.url, context, query)
const frame = walletFrame
const text = textOf
const logIn = (page, email, options) => emailLogIn(page, stack.mail, email, options)

const tokenBalance = (token, owner) => tokenBalanceOnChainA(stack.rpc.a, token, owner)
const tusdcBalance = owner => tokenBalance(CONTRACTS.tUSDC, owner)

/** This file's funder (test account #0) gives `address` ETH for fees and 20 tUSDC. */
const fund = address => fundOnChainA(stack.rpc.a, address, 20, { funder: TEST_ACCOUNTS[0] })

const frameKeys = page => walletKeys(page, stack.frame)

/** Ends the frame's session on the backend (its sign-out route, with the token the frame keeps). */
async function endFrameSession(page) {
  const { headers } = await frameSession(page, stack.frame)
  const response = await fetch(`${stack.frame}/frame-api/sign-out`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{}'
  })
  assert.equal(response.status, 200)
}

let address
/** When the first login code was sent: the backend sends one login code per address per 30 s. */
let firstCodeAt

/** Asserts that no message the host page received holds one of the frame's keys. */
async function assertNoKeyReachedTheHost(page) {
  const keys = await frameKeys(page)
  assert.ok(keys.length >= 1)
  const messages = await page.evaluate(() => window.__hostMessages)
  assert.ok(messages.length > 5, `the flow's messages were recorded (${messages.length})`)
  for (const { privateKey } of keys) {
    const hex = privateKey.slice(2).toLowerCase()
    for (const message of messages) assert.ok(!message.toLowerCase().includes(hex), 'a key reached the host page')
  }
}

test('log in by e-mail, send tUSDC approved in the frame, sign in, reload still connected, log out; no key reaches the host page', async () => {
  const context = await newContext()
  await recordMessages(context)
  try {
    // The e-mail wallet's EOA (the smart account's flows: smart-account.test.mjs).
    const { page, problems, quiet } = await openDemo(context, '?siwx=backend&account-type=eoa')
    address = await logIn(page, EMAIL)
    firstCodeAt = Date.now()
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)

    // Sign-in (SIWX through the backend): the message is signed in the frame after approval; the
    // signature the kit sends the backend is checked here with viem too.
    const signed = await signInApproved(page)
    // The modal's Account view shows the e-mail of the login.
    await page.locator('appkit-button').first().click()
    assert.equal(await page.getByTestId('account-email').locator('bdi').textContent(), EMAIL)
    await page.keyboard.press('Escape')
    assert.equal(await verifyMessage({ address, message: signed.message, signature: signed.signature }), true)

    // A test account funds the new address (the second test sends from it).
    await fund(address)

    // No message the host page received holds a key (the frame's keys, read from its backend).
    await assertNoKeyReachedTheHost(page)

    // A reload keeps the visitor connected through the frame, with no new code.
    // Nothing on its way when the page reloads (a reload aborts requests, which count as problems).
    await quiet()
    await page.reload()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-address"]')?.textContent?.startsWith('0x'),
      null,
      {
        timeout: 20_000
      }
    )
    assert.equal(await text(page, 'account-address'), address)

    // Log out: the frame signs out; a reload stays disconnected.
    await page.locator('appkit-button').first().click()
    await page.getByTestId('disconnect-button').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-is-connected"]')?.textContent === 'false'
    )
    // Nothing on its way when the page reloads (a reload aborts requests, which count as problems).
    await quiet()
    await page.reload()
    await page.waitForTimeout(1500)
    assert.equal(await text(page, 'account-is-connected'), 'false')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('on Solana the e-mail wallet sends SOL, approved in the frame (what it does shown there), checked on the local runtime; a session ended on the backend then says Session Expired', async () => {
  const context = await newContext()
  await recordMessages(context)
  const connection = new Connection(stack.rpc.solana, 'confirmed')
  const bob = Keypair.generate().publicKey
  try {
    const { page, problems } = await openDemo(context)
    await logIn(page, `solana-${Date.now()}@example.com`)
    await page.keyboard.press('Escape')
    await page.locator('appkit-network-button [data-testid="network-button"]').click()
    await page.getByTestId('network-solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3').click()
    await page.waitForFunction(() =>
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(document.querySelector('[data-testid="account-address"]')?.textContent ?? '')
    )
    const wallet = new PublicKey(await text(page, 'account-address'))

    // A funded test account (Carol: not the Solana test wallet's Alice) gives the new wallet 2 SOL.
    const alice = testKeypair(2)
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: wallet, lamports: 2 * LAMPORTS_PER_SOL })
      ),
      [alice],
      { commitment: 'confirmed' }
    )

    const bobBefore = await connection.getBalance(bob)
    await page.locator('appkit-button').first().click()
    await previewSend(page, { symbol: 'SOL', amount: '0.5', receiver: bob.toBase58() })
    assert.equal(await text(page, 'send-preview-fee'), '0.000005 SOL')
    await page.getByTestId('send-confirm-button').click()

    // The frame shows what the transaction does before the visitor approves it there.
    const details = frame(page).locator('.approval-details')
    await details.waitFor({ timeout: 15_000 })
    const shown = await details.textContent()
    for (const part of ['Transfer SOL', bob.toBase58(), '0.5 SOL', wallet.toBase58(), 'solana:CmpNegg'])
      assert.ok(shown.includes(part), `the approval shows ${part}`)
    assert.equal(await connection.getBalance(bob), bobBefore, 'nothing is sent before the approval')
    await approveInFrame(page)
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 20_000 })
    assert.equal((await connection.getBalance(bob)) - bobBefore, 0.5 * LAMPORTS_PER_SOL)
    assert.equal(await connection.getBalance(wallet), 1.5 * LAMPORTS_PER_SOL - 5000)

    await assertNoKeyReachedTheHost(page)

    // The session ends on the backend (as after 7 days, or a sign-out elsewhere): the next send is
    // not shown for approval; the modal says 'Session Expired' and the visitor is disconnected.
    await endFrameSession(page)
    await previewSend(page, { symbol: 'SOL', amount: '0.1', receiver: bob.toBase58() })
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('w3m-alert-title').filter({ hasText: 'Session Expired' }).waitFor({ timeout: 15_000 })
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-is-connected"]')?.textContent === 'false'
    )
    assert.equal(await frame(page).locator('section.approval').isHidden(), true, 'no approval is shown')
    assert.equal(await connection.getBalance(wallet), 1.5 * LAMPORTS_PER_SOL - 5000)
    // The one expected failure: the frame's session check, answered 401.
    const expired = problems.filter(problem => /^HTTP 401: .*\/frame-api\/session\/status$/.test(problem))
    assert.equal(expired.length, 1)
    assert.deepEqual(
      problems.filter(problem => !expired.includes(problem)),
      []
    )
  } finally {
    await context.close()
  }
})

test('a page on a foreign origin that embeds the frame gets nothing', async () => {
  const context = await newContext()
  try {
    const page = await context.newPage()
    const frameUrl = `${stack.frame}/?hostOrigin=${encodeURIComponent('http://evil.test')}&projectId=appkit-local`
    await page.route('http://evil.test/**', route =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>evil</title><script>window.got=[];addEventListener('message',e=>got.push(e.data))</script><iframe src="${frameUrl}"></iframe>`
      })
    )
    await page.goto('http://evil.test/')
    await page.waitForTimeout(2000)
    assert.deepEqual(await page.evaluate(() => window.got), [])
    const embedded = page.frames().find(candidate => candidate.url().startsWith(stack.frame))
    // The frame's CSP (frame-ancestors) keeps it from loading here at all.
    assert.ok(!embedded || (await embedded.evaluate(() => document.body?.textContent ?? '').catch(() => '')) === '')
  } finally {
    await context.close()
  }
})

/**
 * The page another origin of this host serves (the local project allows http://127.0.0.1:* and
 * http://localhost:*): it embeds the wallet frame naming `hostOrigin` (its own, or forged), opens
 * it with window.open too when `popup` is set, sends the kit's own requests to every frame it made
 * once the frame says ready (or after 3 s), and records every message it receives in `window.got`.
 */
function attackerPage(frameOrigin, hostOrigin, { popup = false } = {}) {
  const frameUrl = `${frameOrigin}/?hostOrigin=${encodeURIComponent(hostOrigin)}&projectId=appkit-local`
  const script = `
    window.got = []
    const targets = []
    const request = (id, method, params) => ({ channel: 'appkit-frame', version: 1, kind: 'request', id, method, params })
    const ask = () => {
      for (const target of targets) {
        target.postMessage(request('a'.repeat(32), 'getUser', {}), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('b'.repeat(32), 'rpcRequest', { method: 'eth_accounts' }), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('c'.repeat(32), 'rpcRequest', { method: 'eth_requestAccounts' }), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('d'.repeat(32), 'rpcRequest', { method: 'personal_sign', params: ['0x68690a', '0x0000000000000000000000000000000000000000'] }), ${JSON.stringify(frameOrigin)})
      }
    }
    let asked = false
    addEventListener('message', event => {
      window.got.push({ origin: event.origin, data: event.data })
      if (!asked && event.data && event.data.kind === 'event' && event.data.event === 'ready') { asked = true; ask() }
    })
    const iframe = document.createElement('iframe')
    iframe.src = ${JSON.stringify(frameUrl)}
    document.body.append(iframe)
    targets.push(iframe.contentWindow)
    ${popup ? `const opened = window.open(${JSON.stringify(frameUrl)}, 'wallet'); if (opened) targets.push(opened)` : ''}
    setTimeout(() => { if (!asked) { asked = true; ask() } }, 3000)
  `
  return `<!doctype html><html lang="en"><head><title>another page</title></head><body><script>${script}</script></body></html>`
}

test('a page on another port of the same host gets no account, no prompt and no signature from a login made on the demo; nor with a forged host, nor by window.open (issue 29)', async () => {
  const context = await newContext()
  let server
  try {
    const { page } = await openDemo(context)
    const email = `bound-${Date.now()}@example.com`
    const visitor = (await logIn(page, email)).toLowerCase()
    const demoOrigin = new URL(page.url()).origin
    // A real server on another port (Chromium blocks a page Playwright makes up from framing 127.0.0.1).
    let served = ''
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(served)
    )
    await new Promise(resolve => server.listen(0, new URL(demoOrigin).hostname, resolve))
    const attacker = `http://${new URL(demoOrigin).hostname}:${server.address().port}`
    served = attackerPage(stack.frame, attacker)

    // Its own origin as the host: the frame serves it (the wildcard allows it), as not logged in.
    const other = await context.newPage()
    await other.goto(`${attacker}/`)
    await other
      .waitForFunction(() => window.got.filter(message => message.data?.kind === 'response').length === 4, null, {
        timeout: 20_000
      })
      .catch(async () => assert.fail(`four answers, got: ${JSON.stringify(await other.evaluate(() => window.got))}`))
    const got = await other.evaluate(() => window.got)
    assert.ok(got.some(message => message.data?.event === 'ready' && message.origin === stack.frame))
    const answers = Object.fromEntries(
      got.filter(message => message.data?.kind === 'response').map(message => [message.data.id[0], message.data])
    )
    assert.equal(answers.a.ok, false, 'getUser: no user')
    assert.ok(
      answers.b.ok === false || (Array.isArray(answers.b.result) && answers.b.result.length === 0),
      'eth_accounts: none'
    )
    assert.equal(answers.c.ok, false, 'eth_requestAccounts: refused')
    assert.equal(answers.d.ok, false, 'personal_sign: refused')
    const everything = JSON.stringify(got).toLowerCase()
    assert.ok(!everything.includes(visitor.slice(2)), 'the visitor’s address reached the other page')
    assert.ok(!everything.includes(email.toLowerCase()), 'the visitor’s e-mail reached the other page')
    const embedded = other.frames().find(candidate => candidate.url().startsWith(stack.frame))
    assert.equal(await embedded.locator('section.approval').isHidden(), true, 'no approval was drawn')

    // The demo's origin forged as the host, and the frame opened as a window: nothing answers.
    served = attackerPage(stack.frame, demoOrigin, { popup: true })
    const forged = await context.newPage()
    await forged.goto(`${attacker}/`)
    await forged.waitForTimeout(4000)
    assert.deepEqual(await forged.evaluate(() => window.got), [])
    const popup = context.pages().find(candidate => candidate.url().startsWith(stack.frame))
    assert.ok(popup, 'the window opened')
    assert.equal(await popup.locator('section.approval').isHidden(), true)

    // The demo itself is still logged in, with its own account.
    assert.equal((await text(page, 'account-address')).toLowerCase(), visitor)
  } finally {
    server?.close()
    await context.close()
  }
})

test('the same e-mail in a fresh browser: a device code, then the same address and balance; it sends tUSDC and swaps, approved in the frame, and changes its e-mail', async () => {
  assert.ok(address, 'the first test logged in')
  // The backend sends one login code per address per 30 s: this login's comes after the first's
  // (the tests with logins of their own run in between, so little of that time is waited).
  const wait = firstCodeAt + 31_000 - Date.now()
  if (wait > 0) await new Promise(resolve => setTimeout(resolve, wait))
  const context = await newContext()
  await recordMessages(context)
  try {
    const { page, problems } = await openDemo(context, '?account-type=eoa')
    assert.equal(await logIn(page, EMAIL, { newDevice: true }), address)
    assert.equal(await page.getByTestId('account-email').locator('bdi').textContent(), EMAIL)
    // The balance the first test's funding gave it, read from the chain.
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-balance'), '1 ETH')

    // Funded in the first test, the wallet sends 5 tUSDC; the visitor approves inside the frame.
    const before = await tusdcBalance(RECEIVER)
    await previewSend(page, { symbol: 'tUSDC', amount: '5', receiver: RECEIVER })
    await page.getByTestId('send-confirm-button').click()
    // The host page cannot approve by itself: a forged approval posted to the frame does nothing.
    await frame(page).locator('button.approval-approve').waitFor({ timeout: 15_000 })
    await page.evaluate(frameOrigin => {
      const target = document.querySelector('iframe[data-testid="w3m-frame"]').contentWindow
      target.postMessage({ approve: true }, frameOrigin)
      target.postMessage(
        { channel: 'appkit-frame', version: 1, kind: 'response', id: '0'.repeat(32), ok: true, result: {} },
        frameOrigin
      )
    }, stack.frame)
    await page.waitForTimeout(800)
    assert.equal(await tusdcBalance(RECEIVER), before, 'nothing was sent before the visitor approved in the frame')
    // The approval says who receives what (issue 29): the receiver and the amount in tUSDC, read
    // from the token on chain, not the token contract as 'To' with 'Value 0 ETH' and raw data.
    const sendShown = (await frame(page).locator('.approval-details').textContent()).toLowerCase()
    for (const part of ['Send tokens', `To${RECEIVER}`, 'Amount5 tUSDC', `Contract${CONTRACTS.tUSDC}`])
      assert.ok(sendShown.includes(part.toLowerCase()), `the send's approval shows ${part}: ${sendShown}`)
    assert.ok(!sendShown.includes('data0x'), `the send's approval shows no raw data: ${sendShown}`)
    await approveInFrame(page)
    for (let tries = 0; tries < 100 && (await tusdcBalance(RECEIVER)) === before; tries++)
      await page.waitForTimeout(100)
    assert.equal(await tusdcBalance(RECEIVER), before + parseUnits('5', 6))
    assert.equal(await tusdcBalance(address), parseUnits('15', 6))

    // Swap 5 tUSDC for TT: the frame runs batches one call at a time, so the kit asks for the
    // router's allowance first, then the swap; each is approved in the frame.
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 20_000 })
    await fillSwap(page, { from: 'tUSDC', to: 'TT', amount: '5' })
    const quoted = parseUnits(await text(page, 'swap-to-amount'), 18)
    const ttBefore = await tokenBalance(CONTRACTS.TT, address)
    await page.getByTestId('swap-review-button').click()
    await page.getByTestId('swap-confirm-button').click()
    await page.getByTestId('approve-button').click()
    // Each approval says what it does: the router's tUSDC allowance, then the swap's tokens.
    const details = frame(page).locator('.approval-details')
    await details.filter({ hasText: 'Allow spending of your tUSDC' }).waitFor({ timeout: 15_000 })
    const allowanceShown = (await details.textContent()).toLowerCase()
    assert.ok(allowanceShown.includes(`spender${CONTRACTS.router}`.toLowerCase()), allowanceShown)
    await approveInFrame(page)
    await frame(page).locator('section.approval').waitFor({ state: 'hidden', timeout: 15_000 })
    await details.filter({ hasText: 'Swap tokens' }).waitFor({ timeout: 15_000 })
    const swapShown = (await details.textContent()).toLowerCase()
    for (const part of ['Pay5 tUSDC', 'Receive at least', ' TT', `Recipient${address} (this wallet)`])
      assert.ok(swapShown.includes(part.toLowerCase()), `the swap's approval shows ${part}: ${swapShown}`)
    await approveInFrame(page)
    await page.getByTestId('toast-message').filter({ hasText: 'Swap completed' }).waitFor({ timeout: 30_000 })
    assert.equal(await tusdcBalance(address), parseUnits('10', 6))
    const received = (await tokenBalance(CONTRACTS.TT, address)) - ttBefore
    assert.ok(received >= (quoted * 99n) / 100n && received <= quoted, `received ${received}, quoted ${quoted}`)

    await assertNoKeyReachedTheHost(page)

    // The e-mail change: a code to the current address, then one to the new address.
    if (!(await page.getByTestId('account-update-email').isVisible()))
      await page.locator('appkit-button').first().click()
    await page.getByTestId('account-update-email').click()
    await page.getByTestId('update-email-input').fill(NEW_EMAIL)
    await page.getByTestId('update-email-submit').click()
    await page.getByTestId('update-email-primary-input').fill(await stack.mail.waitForCode(EMAIL))
    await page.getByTestId('update-email-primary-submit').click()
    await page.getByTestId('update-email-secondary-input').waitFor({ timeout: 15_000 })
    await page.getByTestId('update-email-secondary-input').fill(await stack.mail.waitForCode(NEW_EMAIL))
    await page.getByTestId('update-email-secondary-submit').click()
    await page.getByTestId('account-email').filter({ hasText: NEW_EMAIL }).waitFor({ timeout: 15_000 })
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
