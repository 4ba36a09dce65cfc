// End to end: the embedded wallet against the real local stack (issue 14). A visitor with no
// wallet logs in by e-mail with the code read from the local inbox (maildev: real SMTP), gets an
// address, is funded by a test account, sends tUSDC approving inside the secure frame (checked on
// the chain), signs in with the backend's sign-in (its signature verified with viem), reloads and
// is still connected, and logs out. The same e-mail in a fresh browser context gets a device code,
// then the same address and balance; it swaps tUSDC for TT (allowance and swap each approved in
// the frame) and changes its e-mail. On Solana another login sends SOL (the frame shows the
// transfer; checked on the local runtime), and once its session ends on the backend the next send
// says 'Session Expired'. Nothing the host page sees in these flows (messages, its requests and
// responses, storage, cookies) holds a key or the session token (key-material.mjs); a page on a
// foreign origin cannot embed the frame, and neither a foreign page nor another window of the
// page's or the frame's origin gets the frame or the kit to take a message (frame-attack.mjs).
import assert from 'node:assert/strict'
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
import { useLocalStack, STACK_PROJECTS } from './local-stack.mjs'
import { assertNoSecretReachedThePage, recordHostPage, runSecrets } from './key-material.mjs'
import {
  attackerPage,
  attackerServer,
  forgeFrameAnswers,
  foreignPage,
  lastFrameRequestId,
  postFromSiblingWindows
} from './frame-attack.mjs'
import { freshAccount, fundOnChainA, tokenBalance as tokenBalanceOnChainA } from './chain-a.mjs'
import { testKeypair } from '../solana/helpers.ts'

const stack = useLocalStack()
const EMAIL = `visitor-${Date.now()}@example.com`
const NEW_EMAIL = `moved-${Date.now()}@example.com`
/** Where this file's transfers go: an address of its own on the shared chain. */
const RECEIVER = freshAccount().address
const newContext = () => stack.browser.newContext({ viewport: { width: 1280, height: 900 } })

/** Records what the host page sees (key-material.mjs), from before the page's own scripts. */
const recordHost = context => recordHostPage(context, stack.frame)

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

/** The run's secrets while the visitor is logged in on `page`: the frame's keys (read from its backend) and its session token. */
async function secretsOf(page) {
  const keys = await frameKeys(page)
  assert.ok(keys.length >= 1)
  const { token } = await frameSession(page, stack.frame)
  return runSecrets({ keys, sessionTokens: [token], masterKey: stack.masterKey })
}

/**
 * Spec §7: no key, no session token, in any form, in what the host page saw (`record`: every
 * message, request and response, WebSocket frame) nor in its storage and cookies now.
 */
const assertNoSecretReachedTheHost = (record, page, secrets) =>
  assertNoSecretReachedThePage(record, [page], secrets, stack.api)

test('log in by e-mail, sign in approved in the frame, reload still connected, log out; the frame takes no request from another window of the page’s origin, the kit no answer from another window of the frame’s origin; no key or session token reaches the host page (spec §7)', async () => {
  const context = await newContext()
  const seen = await recordHost(context)
  try {
    // The e-mail wallet's EOA (the smart account's flows: smart-account.test.mjs).
    const { page, problems, quiet } = await openDemo(context, '?siwx=backend&account-type=eoa')
    address = await logIn(page, EMAIL)
    firstCodeAt = Date.now()
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)

    // Spec §7, the right origin from the wrong window: an iframe and a popup of the page's own
    // origin post every request of the protocol to the frame (signOut, personal_sign, getUser...):
    // it answers none, draws no approval, and the session stays (its keys are still released).
    assert.deepEqual(await postFromSiblingWindows(page, stack.frame, seen, quiet), [])
    assert.equal(await frame(page).locator('section.approval').isHidden(), true, 'no approval was drawn')
    const secrets = await secretsOf(page)

    // Sign-in (SIWX through the backend): the message is signed in the frame after approval; the
    // signature the kit sends the backend is checked here with viem too. While the kit waits for it,
    // a second frame page in the page and a popup, both on the frame's origin, answer the request
    // with a forged signature (and an error, and 'ready'): the kit takes only its frame's answer.
    const signed = await signInApproved(page, {
      beforeApprove: () =>
        forgeFrameAnswers(page, stack.frame, lastFrameRequestId(seen, '"personal_sign"'), `0x${'ab'.repeat(65)}`)
    })
    // The modal's Account view shows the e-mail of the login.
    await page.locator('appkit-button').first().click()
    assert.equal(await page.getByTestId('account-email').locator('bdi').textContent(), EMAIL)
    await page.keyboard.press('Escape')
    assert.equal(await verifyMessage({ address, message: signed.message, signature: signed.signature }), true)

    // A test account funds the new address (the second test sends from it).
    await fund(address)

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
    // The login, the sign-in and the sign-out left no secret where the page could read it.
    await assertNoSecretReachedTheHost(seen, page, secrets)
  } finally {
    await context.close()
  }
})

test('on Solana the e-mail wallet sends SOL, approved in the frame (what it does shown there), checked on the local runtime; a session ended on the backend then says Session Expired', async () => {
  const context = await newContext()
  const seen = await recordHost(context)
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

    // The Solana key (and the EVM one) as they are before the session ends, searched for at the end.
    const secrets = await secretsOf(page)

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
    // The login and the SOL send left no secret where the page could read it (spec §7).
    await assertNoSecretReachedTheHost(seen, page, secrets)
  } finally {
    await context.close()
  }
})

test('spec §6 and §7: a page on a foreign origin (127.0.0.2, not on the project’s list) cannot embed the frame (its CSP’s frame-ancestors), and neither its frames nor the frame it opens with window.open answers any request of the protocol', async () => {
  // The header the frame page is served with names the project's origins, and only them.
  const demoOrigin = new URL(stack.site.url).origin
  const served = await fetch(`${stack.frame}/?hostOrigin=${encodeURIComponent(demoOrigin)}&projectId=appkit-local`)
  const ancestors = /(?:^|;)\s*frame-ancestors ([^;]+)/.exec(served.headers.get('content-security-policy') ?? '')
  assert.deepEqual(ancestors?.[1].trim().split(/\s+/), STACK_PROJECTS[0].allowedOrigins)
  await served.body?.cancel()

  const attacker = await attackerServer('127.0.0.2')
  const context = await newContext()
  const frameApi = []
  context.on('request', request => {
    if (request.url().startsWith(`${stack.frame}/frame-api/`)) frameApi.push(request.url())
  })
  try {
    // It embeds the frame naming itself as the host, and naming the demo (forged), and opens it.
    attacker.serve(foreignPage(stack.frame, [attacker.origin, demoOrigin], { popup: true }))
    const page = await context.newPage()
    const popupOpened = context.waitForEvent('page')
    await page.goto(`${attacker.origin}/`)
    const popup = await popupOpened
    // Both iframes settled on what the browser put in them (the frame page, or the error page of a
    // refused frame). Not their load events: Chromium's headless shell fires none for these two
    // refused frames while the page's popup is open (seen: window.loaded 0, both chrome-error://).
    const children = () => page.frames().filter(child => child !== page.mainFrame())
    const settled = () => children().filter(child => child.url() && child.url() !== 'about:blank').length === 2
    for (const deadline = Date.now() + 15_000; !settled(); await page.waitForTimeout(100)) {
      if (Date.now() > deadline) assert.fail(`the iframes did not settle: ${children().map(child => child.url())}`)
    }
    // The opened frame page ran, and stopped: it is not embedded (its only call: the project's origins).
    await popup.locator('.frame-problem').waitFor({ timeout: 15_000 })
    const embedded = children()
    assert.equal(embedded.length, 2)
    for (const child of embedded) {
      assert.ok(!child.url().startsWith(stack.frame), `the browser refused the frame here (${child.url()})`)
      assert.equal(await child.evaluate(() => document.getElementById('wallet')), null)
    }
    assert.deepEqual(
      frameApi,
      [`${stack.frame}/frame-api/projects/appkit-local`],
      'only the opened page called its backend'
    )

    // Every request of the protocol, to both frames and the window: nothing answers, nothing runs.
    assert.equal(await page.evaluate(() => window.post()), 3)
    // An answer would come within milliseconds; a request it ran would call the frame's backend.
    await page.waitForTimeout(1000)
    assert.deepEqual(await page.evaluate(() => window.got), [])
    assert.equal(frameApi.length, 1, frameApi.join(', '))
    assert.equal(await popup.locator('section.approval').isHidden(), true)
  } finally {
    await context.close()
    await attacker.close()
  }
})

test('a page on another port of the same host gets no account, no prompt and no signature from a login made on the demo; nor with a forged host, nor by window.open (issue 29)', async () => {
  const context = await newContext()
  let server
  try {
    const { page } = await openDemo(context)
    const email = `bound-${Date.now()}@example.com`
    const visitor = (await logIn(page, email)).toLowerCase()
    const demoOrigin = new URL(page.url()).origin
    // A real server on another port (Chromium blocks a page Playwright makes up from framing 127.0.0.1).
    server = await attackerServer(new URL(demoOrigin).hostname)
    const attacker = server.origin
    server.serve(attackerPage(stack.frame, attacker))

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

    // The demo's origin forged as the host, and the frame opened as a window, each sent every
    // request of the protocol (spec §7): nothing answers, and nothing runs. The forged frame loads
    // (127.0.0.1:* is on the list) and holds the demo's session (one storage for the site), so a
    // request it ran would call its backend (signOut would end the demo's session): none does.
    server.serve(foreignPage(stack.frame, [demoOrigin], { popup: true }))
    const forged = await context.newPage()
    const frameApi = []
    forged.on('request', request => {
      if (request.url().startsWith(`${stack.frame}/frame-api/`)) frameApi.push(`${request.method()} ${request.url()}`)
    })
    const popupOpened = context.waitForEvent('page')
    await forged.goto(`${attacker}/`)
    const popup = await popupOpened
    await forged.waitForFunction(() => window.loaded === 1, null, { timeout: 15_000 })
    await popup.locator('.frame-problem').waitFor({ timeout: 15_000 })
    const forgedFrame = forged.frames().find(candidate => candidate.url().startsWith(stack.frame))
    assert.ok(forgedFrame, 'the forged frame loaded')
    await forgedFrame.waitForLoadState('networkidle')
    const calledBefore = frameApi.length
    assert.equal(await forged.evaluate(() => window.post()), 2)
    await forged.waitForTimeout(1000)
    assert.deepEqual(await forged.evaluate(() => window.got), [])
    assert.deepEqual(frameApi.slice(calledBefore), [], 'the frame ran none of the requests')
    assert.equal(await forgedFrame.locator('section.approval').isHidden(), true)
    assert.equal(await popup.locator('section.approval').isHidden(), true)
    assert.equal((await frameKeys(page)).length >= 1, true, 'the demo’s session is still there')

    // The demo itself is still logged in, with its own account.
    assert.equal((await text(page, 'account-address')).toLowerCase(), visitor)
  } finally {
    await context.close()
    await server?.close()
  }
})

test('the same e-mail in a fresh browser: a device code, then the same address and balance; it sends tUSDC and swaps, approved in the frame, and changes its e-mail', async () => {
  assert.ok(address, 'the first test logged in')
  // The backend sends one login code per address per 30 s: this login's comes after the first's
  // (the tests with logins of their own run in between, so little of that time is waited).
  const wait = firstCodeAt + 31_000 - Date.now()
  if (wait > 0) await new Promise(resolve => setTimeout(resolve, wait))
  const context = await newContext()
  const seen = await recordHost(context)
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

    const secrets = await secretsOf(page)

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
    // The device-code login, the send, the swap and the e-mail change left no secret where the page could read it (spec §7).
    await assertNoSecretReachedTheHost(seen, page, secrets)
  } finally {
    await context.close()
  }
})
