// Shared by the end-to-end tests of the embedded wallet on the demo page: logging in by e-mail with
// the codes from the local inbox, approving inside the secure frame, and the Send form.
import assert from 'node:assert/strict'
import { privateKeyToAccount } from 'viem/accounts'
import { appKitSmartAccountFactoryAbi } from '../../local/chain/abis.ts'
import { CONTRACTS } from '../../local/chain/deployment.ts'
import { textOf, waitForAddress } from './demo-page.mjs'

/** The secure frame in the page. */
export const walletFrame = page => page.frameLocator('iframe[data-testid="w3m-frame"]')

/** Connect by e-mail from the host button: the address, then the code(s) from `mail` (the local inbox). */
export async function emailLogIn(page, mail, email, options) {
  await enterEmailAndCodes(page, mail, email, options)
  await waitForAddress(page)
  return textOf(page, 'account-address')
}

/** The e-mail login's steps in the modal, from the host button to the last code submitted (any page with the kit). */
export async function enterEmailAndCodes(page, mail, email, { newDevice = false } = {}) {
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page.getByTestId('email-login-input').fill(email)
  await page.getByTestId('email-login-submit').click()
  if (newDevice) {
    await page.getByTestId('email-device-input').waitFor({ timeout: 15_000 })
    await page.getByTestId('email-device-input').fill(await mail.waitForCode(email))
    await page.getByTestId('email-device-submit').click()
  }
  await page.getByTestId('email-otp-input').waitFor({ timeout: 15_000 })
  await page.getByTestId('email-otp-input').fill(await mail.waitForCode(email))
  await page.getByTestId('email-otp-submit').click()
}

/** Approves what the frame shows, inside the frame (its Approve button arms after 500 ms). */
export async function approveInFrame(page) {
  const approve = walletFrame(page).locator('button.approval-approve')
  await approve.waitFor({ timeout: 15_000 })
  await page.waitForTimeout(600)
  await approve.click()
}

/** From the Account view: Send, the token by its symbol, the amount and the receiver, then Preview. */
export async function previewSend(page, { symbol, amount, receiver }) {
  await page.getByTestId('wallet-feature-send').click()
  const select = page.getByTestId('send-token-select')
  const option = select.locator('option', { hasText: `${symbol} ·` }).first()
  await option.waitFor({ state: 'attached', timeout: 20_000 })
  await select.selectOption({ label: (await option.textContent()).trim() })
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-receiver-input').fill(receiver)
  await page.getByTestId('send-preview-button').click()
}

/**
 * The session token the frame in `page` keeps for that page (its own storage holds one per host
 * page's origin), with the headers a frame-api call made with it for that page carries.
 */
export async function frameSession(page, frameOrigin) {
  const frameHandle = page.frames().find(candidate => candidate.url().startsWith(frameOrigin))
  assert.ok(frameHandle, 'the frame is in the page')
  const hostOrigin = new URL(page.url()).origin
  const token = await frameHandle.evaluate(
    key => localStorage.getItem(key),
    `@appkit-wallet/frame-session-token:${hostOrigin}`
  )
  assert.ok(token, 'the frame keeps a session token for this page in its own storage')
  return {
    token,
    headers: { Authorization: `Bearer ${token}`, Origin: frameOrigin, 'x-appkit-host-origin': hostOrigin }
  }
}

/** The frame's keys as its backend releases them to the frame's origin (the session token read from the frame). */
export async function walletKeys(page, frameOrigin) {
  const { headers } = await frameSession(page, frameOrigin)
  const response = await fetch(`${frameOrigin}/frame-api/session`, { headers })
  assert.equal(response.status, 200)
  return (await response.json()).keys
}

/**
 * The logged-in wallet's EVM accounts: `eoa`, the address of the frame's eip155 key, and `smart`,
 * the smart account the factory gives that key (read with `chain`, a viem client of chain A).
 */
export async function embeddedAccounts(page, frameOrigin, chain) {
  const [evmKey] = (await walletKeys(page, frameOrigin)).filter(key => key.namespace === 'eip155')
  const eoa = privateKeyToAccount(evmKey.privateKey).address
  const smart = await chain.readContract({
    address: CONTRACTS.smartAccountFactory,
    abi: appKitSmartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [eoa, 0n]
  })
  return { eoa, smart }
}

/**
 * Signs in from the demo's sign-in panel (its SIWX Sign button), approved in the frame; answers the
 * session the kit posted to the backend (`message`, `signature`) once the demo says it is signed in.
 * `beforeApprove` runs once the frame shows the approval, before it is approved.
 */
export async function signInApproved(page, { timeout = 30_000, beforeApprove } = {}) {
  const signIns = []
  const record = request => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/siwx/sessions')
      signIns.push(request.postDataJSON())
  }
  page.on('request', record)
  try {
    await page.getByTestId('siwx-sign-button').click()
    if (beforeApprove) {
      await walletFrame(page).locator('button.approval-approve').waitFor({ timeout: 15_000 })
      await beforeApprove()
    }
    await approveInFrame(page)
    await page.waitForFunction(
      () => document.querySelector('[data-testid="siwx-signed-in"]')?.textContent === 'true',
      null,
      { timeout }
    )
  } finally {
    page.off('request', record)
  }
  assert.equal(signIns.length, 1, 'one session was posted to the backend')
  return signIns[0].session ?? signIns[0]
}

/** Opens Swap from the Account view (opening the modal when it is closed) and fills it: `from` to `to`, `amount`; waits for the quote. */
export async function fillSwap(page, { from, to, amount }) {
  if (!(await page.getByTestId('wallet-feature-swaps').isVisible())) await page.locator('appkit-button').first().click()
  await page.getByTestId('wallet-feature-swaps').click()
  const source = page.getByTestId('swap-source-token')
  await source.locator('option', { hasText: from }).waitFor({ state: 'attached', timeout: 15_000 })
  await source.selectOption({ label: from })
  await page.getByTestId('swap-to-token').selectOption({ label: to })
  await page.getByTestId('swap-source-amount').fill(amount)
  await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
}
