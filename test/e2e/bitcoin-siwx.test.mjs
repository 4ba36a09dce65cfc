// End to end: sign-in (SIWX) with a Bitcoin account (issue 34). The AppKit Bitcoin Test Wallet on the
// demo with `?siwx=backend` (createBackendSiwx): connect, Sign, the wallet's panel asks
// bitcoin:signMessage, the kit hands the BIP-322 simple signature to the backend, which verifies it
// (src/siwx/bitcoin-signature.ts) and keeps the session under the browser's bearer token: read back
// through the backend's API, its signature checked here again with @scure/btc-signer's BIP-143
// sighash and @noble/curves (independent of the kit's verifier); a reload keeps it, nothing asked.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID, REGTEST_NETWORK } from '../../local/bitcoin/accounts.ts'
import { bip322Transactions } from '../../local/wallets/bitcoin-test-wallet/bip322.ts'
import { connectWith, openDemo } from './demo-page.mjs'
import { siwxSessionsOnServer } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const [alice] = bitcoinTestAccounts

/** Whether `signature` (BIP-322 simple, P2WPKH) is `address`'s over `message`, by @scure/btc-signer's sighash. */
function signedBy(address, message, signature) {
  const [der, publicKey] = btc.RawWitness.decode(base64.decode(signature))
  const script = btc.OutScript.encode(btc.Address(REGTEST_NETWORK).decode(address))
  if (btc.p2wpkh(publicKey, REGTEST_NETWORK).address !== address) return false
  const { toSign } = bip322Transactions(script, new TextEncoder().encode(message))
  const sighash = toSign.preimageWitnessV0(0, btc.p2pkh(publicKey).script, btc.SigHash.ALL, 0n)
  return secp256k1.verify(der.slice(0, -1), sighash, publicKey, { format: 'der' })
}

test('Bitcoin sign-in kept by the backend: a CAIP-122 message, the BIP-322 signature verified on the server, reload keeps it', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(stack.site.url, context, '?siwx=backend')
    await connectWith(page, 'bitcoin')
    await page.getByTestId('siwx-sign-button').click({ timeout: 15_000 })
    await page
      .getByTestId('bitcoin-wallet-method')
      .filter({ hasText: 'bitcoin:signMessage' })
      .waitFor({ timeout: 15_000 })
    await page.getByTestId('bitcoin-wallet-approve').click()
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 15_000 })

    // The backend holds the session under the browser's bearer token, and it is Alice's.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/siwx_token')))
    const list = () => siwxSessionsOnServer(stack.api, token, alice.payment.address, REGTEST_CAIP_NETWORK_ID)
    const [stored, ...more] = await list()
    assert.deepEqual(more, [])
    const { data, message, signature } = stored.session
    assert.deepEqual([data.chainId, data.accountAddress], [REGTEST_CAIP_NETWORK_ID, alice.payment.address])
    const lines = message.split('\n')
    assert.equal(lines[0], `${new URL(stack.site.url).host} wants you to sign in with your Bitcoin account:`)
    assert.equal(lines[1], alice.payment.address)
    assert.ok(lines.includes(`Chain ID: ${REGTEST_CAIP_NETWORK_ID}`), message)
    assert.equal(signedBy(alice.payment.address, message, signature), true)
    assert.equal(signedBy(alice.payment.address, `${message} `, signature), false)

    // A reload keeps the connection and the session: nothing asks again.
    await page.reload()
    await page.getByTestId('account-status').filter({ hasText: 'connected' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('siwx-signed-in').filter({ hasText: 'true' }).waitFor({ timeout: 15_000 })
    assert.equal(await page.getByTestId('siwx-sign-button').count(), 0)
    assert.equal(await page.getByTestId('bitcoin-wallet-approve').isVisible(), false)
    assert.equal((await list()).length, 1)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
