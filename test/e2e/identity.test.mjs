// End to end: sign-in (SIWX) with the test wallets against the real local stack, through the demo's
// `?siwx=` settings. Required mode with the local implementation: the modal will not close unsigned,
// Sign asks the Dev Wallet, the session survives a reload, sign-out asks again, Cancel disconnects;
// every signed message is verified here with the reference `siwe` package. Optional mode with the
// backend implementation: the backend keeps the session (checked through its own API), a reload keeps
// it, sign-out revokes it, a rejected signature says 'Signature declined', Cancel keeps the
// connection. Solana: the Solana test wallet signs a Sign In With Solana message, verified here with
// node:crypto's ed25519. WalletConnect one-click authentication: the real wallet SDK over the local
// relay finds the sign-in request in the proposal and answers it with a CACAO (its own formatter),
// which the kit stores as the session: connected and signed in with one approval.
import assert from 'node:assert/strict'
import { createPublicKey, verify } from 'node:crypto'
import { test } from 'node:test'
import { SiweMessage } from 'siwe'
import { createPublicClient, http } from 'viem'
import { nameRegistryAbi } from '../../local/chain/abis.ts'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { decodeBase58 } from '../../src/utils/base58.ts'
import { connectWith, openDemo as openDemoPage } from './demo-page.mjs'
import { siwxSessionsOnServer, waitForPairingUri } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'
import { startTestWalletKit } from '../walletconnect/wallet-side.ts'

const stack = useLocalStack()
const DEV_WALLET_ADDRESS = TEST_ACCOUNTS[1].address
const openDemo = (context, query) => openDemoPage(stack.site.url, context, query)
const text = async (page, testId) => (await page.getByTestId(testId).first().textContent())?.trim()
const newContext = () => stack.browser.newContext({ viewport: { width: 1280, height: 900 } })

async function until(page, testId, expected, timeout = 15_000) {
  await page.waitForFunction(
    ([id, value]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === value,
    [testId, expected],
    { timeout }
  )
}

/** Waits until the test wallet's panel asks about signing a message (the connection's request is gone). */
const signRequestShown = (page, wallet) =>
  page
    .getByTestId(`${wallet}-method`)
    .filter({ hasText: wallet === 'dev-wallet' ? 'personal_sign' : 'solana:signMessage' })
    .waitFor({ timeout: 15_000 })

const storedSessions = page =>
  page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/siwx_sessions') ?? '[]'))

test('required sign-in, kept in the browser: no closing unsigned, sign, reload, sign out, cancel disconnects', async () => {
  const context = await newContext()
  try {
    const { page, problems } = await openDemo(context, '?siwx=local&siwx-required=1')
    await connectWith(page, 'dev')
    await page.getByTestId('siwx-sign-button').waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'siwx-statement'), 'Sign in to the appkit-elements demo')
    // Escape shakes instead of closing.
    await page.keyboard.press('Escape')
    await page.waitForTimeout(100)
    assert.equal(await page.getByTestId('siwx-sign-button').isVisible(), true)
    await page.getByTestId('siwx-sign-button').click()
    await signRequestShown(page, 'dev-wallet')
    await page.getByTestId('dev-wallet-approve').click()
    await until(page, 'siwx-signed-in', 'true')
    await page.getByTestId('siwx-sign-button').waitFor({ state: 'detached' })
    assert.equal(await text(page, 'kit-last-event'), 'SIWX_AUTH_SUCCESS')
    const [session] = await storedSessions(page)
    const parsed = new SiweMessage(session.message)
    assert.equal(parsed.address, DEV_WALLET_ADDRESS)
    assert.equal(parsed.chainId, 31337)
    assert.equal(parsed.domain, new URL(stack.site.url).host)
    assert.equal(parsed.prepareMessage(), session.message)
    assert.equal((await parsed.verify({ signature: session.signature })).success, true)

    // A reload keeps the connection and the session: nothing asks again.
    await page.reload()
    await until(page, 'account-status', 'connected')
    await until(page, 'siwx-signed-in', 'true')
    assert.equal(await page.getByTestId('siwx-sign-button').count(), 0)

    // Sign out: required, so the sign-in opens again; Cancel then disconnects.
    await page.getByTestId('siwx-sign-out').click()
    await page.getByTestId('siwx-sign-button').waitFor({ timeout: 15_000 })
    assert.deepEqual(await storedSessions(page), [])
    await page.getByTestId('siwx-cancel-button').click()
    await until(page, 'account-is-connected', 'false')
    await until(page, 'kit-last-event', 'CLICK_CANCEL_SIWX')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('optional sign-in kept by the backend: the session on the server, reload, a declined signature, sign out, cancel stays connected', async () => {
  const context = await newContext()
  try {
    const { page, problems } = await openDemo(context, '?siwx=backend')
    await connectWith(page, 'dev')
    await page.getByTestId('siwx-sign-button').waitFor({ timeout: 15_000 })
    // A rejected signature: the toast says so and the view stays for another try.
    await page.getByTestId('siwx-sign-button').click()
    await signRequestShown(page, 'dev-wallet')
    await page.getByTestId('dev-wallet-reject').click()
    await page.getByTestId('toast-message').filter({ hasText: 'Signature declined' }).waitFor({ timeout: 15_000 })
    await until(page, 'kit-last-event', 'SIWX_AUTH_ERROR')
    await page.getByTestId('siwx-sign-button').click()
    await signRequestShown(page, 'dev-wallet')
    await page.getByTestId('dev-wallet-approve').click()
    await until(page, 'siwx-signed-in', 'true')

    // The backend holds it, under the browser's bearer token.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/siwx_token')))
    const list = () => siwxSessionsOnServer(stack.api, token, DEV_WALLET_ADDRESS)
    const sessions = await list()
    assert.equal(sessions.length, 1)
    assert.equal(
      (await new SiweMessage(sessions[0].session.message).verify({ signature: sessions[0].session.signature })).success,
      true
    )

    await page.reload()
    await until(page, 'account-status', 'connected')
    await until(page, 'siwx-signed-in', 'true')
    assert.equal(await page.getByTestId('siwx-sign-button').count(), 0)

    // Sign out revokes it on the server; optional, so nothing opens.
    await page.getByTestId('siwx-sign-out').click()
    await until(page, 'siwx-signed-in', 'false')
    assert.deepEqual(await list(), [])

    // A new connection asks again; Cancel closes and keeps the wallet connected.
    await page.reload()
    await page.getByTestId('siwx-sign-button').waitFor({ timeout: 15_000 })
    await page.getByTestId('siwx-cancel-button').click()
    await page.getByTestId('siwx-sign-button').waitFor({ state: 'detached' })
    assert.equal(await text(page, 'account-is-connected'), 'true')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('Solana: the Solana test wallet signs in with a Sign In With Solana message (ed25519)', async () => {
  const context = await newContext()
  try {
    const { page, problems } = await openDemo(context, '?siwx=local')
    await connectWith(page, 'solana')
    await page.getByTestId('siwx-sign-button').waitFor({ timeout: 15_000 })
    await page.getByTestId('siwx-sign-button').click()
    await signRequestShown(page, 'solana-wallet')
    await page.getByTestId('solana-wallet-approve').click()
    await until(page, 'siwx-signed-in', 'true')
    const [session] = await storedSessions(page)
    assert.match(session.message, /^127\.0\.0\.1:\d+ wants you to sign in with your Solana account:\n/)
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(decodeBase58(session.data.accountAddress)).toString('base64url')
      },
      format: 'jwk'
    })
    assert.equal(verify(null, Buffer.from(session.message), key, Buffer.from(decodeBase58(session.signature))), true)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('WalletConnect one-click authentication: the proposal carries the sign-in request, the CACAO becomes the session', async () => {
  const wallet = await startTestWalletKit(stack.relay.url)
  const context = await newContext()
  const signer = TEST_ACCOUNTS[2]
  try {
    const { page, problems } = await openDemo(context, '?siwx=local&siwx-required=1')
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-walletConnect').click()
    const uri = await waitForPairingUri(page, 'w3m-connecting-wallet-connect-view', problems)
    const { authRequests } = await wallet.pairAndAnswer(uri, {
      accounts: [`eip155:31337:${signer.address}`],
      signIn: signer.privateKey
    })
    assert.equal(authRequests.length, 1)
    assert.equal(authRequests[0].domain, new URL(stack.site.url).host)
    assert.deepEqual(authRequests[0].chains, ['eip155:31337', 'eip155:31338'])
    assert.equal(authRequests[0].statement, 'Sign in to the appkit-elements demo')
    await until(page, 'account-status', 'connected', 20_000)
    await until(page, 'siwx-signed-in', 'true')
    assert.equal(await page.getByTestId('siwx-sign-button').count(), 0)
    const [session] = await storedSessions(page)
    assert.equal(session.cacao.s.t, 'eip191')
    const parsed = new SiweMessage(session.message)
    assert.equal(parsed.nonce, authRequests[0].nonce)
    assert.equal((await parsed.verify({ signature: session.signature })).success, true)
    // The WalletConnect SDK's own log line 'Pending session not found for topic' (level 50) came
    // once in a clean-clone run: the session's settlement reached the page's sign-client before it
    // had stored the approval it answers; the session, its CACAO and the sign-in above were all
    // right. Only that SDK line is let through, here; any other problem still fails.
    const sdkRace = /^console error: \{time: \d+, level: 50, msg: Pending session not found for topic [0-9a-f]{64}\}$/
    assert.deepEqual(
      problems.filter(problem => !sdkRace.test(problem)),
      []
    )
  } finally {
    await context.close()
    await wallet.stop()
  }
})

test('names: register bob-test from the Account view, see it there and on the chain, and resolve it in Send', async () => {
  const context = await newContext()
  // Test account #0, whose name no other test reads (connect.test.mjs shows #2's transfers by address).
  const owner = TEST_ACCOUNTS[0]
  try {
    const { page, problems } = await openDemo(context, '?dev-wallet-account=0')
    await connectWith(page, 'dev')
    await page.getByTestId('account-choose-name').click()
    const input = page.getByTestId('register-name-input')
    // A refused character is dropped as typed; the rule is said.
    await input.pressSequentially('bob_')
    await page.getByTestId('register-name-status').filter({ hasText: 'Use only letters, digits and hyphens' }).waitFor()
    assert.equal(await input.inputValue(), 'bob')
    await input.pressSequentially('-test')
    await page.locator('[data-testid="register-name-status"][data-kind="available"]').waitFor({ timeout: 15_000 })
    await page.getByTestId('register-name-button').click()
    await signRequestShown(page, 'dev-wallet')
    await page.getByTestId('dev-wallet-approve').click()
    await page
      .getByTestId('register-name-success-name')
      .filter({ hasText: 'bob-test.appkit.id' })
      .waitFor({ timeout: 30_000 })
    await page.getByTestId('register-name-success-done').click()
    await page.getByTestId('account-name').filter({ hasText: 'bob-test.appkit.id' }).waitFor({ timeout: 15_000 })
    assert.equal(
      await page.locator('appkit-account-button [data-testid="account-button-address"]').textContent(),
      'bob-test.appkit.id'
    )

    // The registry on chain A names the owner (read with the test's own viem client).
    const registry = createPublicClient({ transport: http(stack.rpc.a) })
    const registered = await registry.readContract({
      address: CONTRACTS.nameRegistry,
      abi: nameRegistryAbi,
      functionName: 'resolve',
      args: ['bob-test.appkit.id']
    })
    assert.equal(registered, owner.address)

    // Send resolves the name to the owner's address.
    await page.getByTestId('wallet-feature-send').click()
    await page.getByTestId('send-receiver-input').fill('bob-test.appkit.id')
    await page
      .getByTestId('send-name-address')
      .filter({ hasText: owner.address.slice(0, 6) })
      .waitFor({ timeout: 15_000 })
    // A free name is a 404 of GET /v1/profile/account/{name}: the availability answer, not a fault.
    const availability = /HTTP 404: .*\/v1\/profile\/account\/bob[-a-z]*\.appkit\.id\?/
    assert.deepEqual(
      problems.filter(problem => !availability.test(problem)),
      []
    )
  } finally {
    await context.close()
  }
})
