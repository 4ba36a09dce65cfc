/**
 * The reference backend's sign-in for Bitcoin accounts (issue 34): POST /v1/siwx/sessions verifies
 * a CAIP-122 message signed with BIP-322 simple (src/siwx/bitcoin-signature.ts through verify.ts,
 * the module the kit's createLocalSiwx loads too) for P2WPKH and P2TR addresses, keeps the session
 * under the bearer token, and lists it. From the attacker's side: another key's signature, a message
 * changed after signing, a legacy address and garbage base64 are refused with 403 and the reason,
 * and none of them burns the nonce.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { hex } from '@scure/base'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.js'
import { signBip322P2tr, signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import {
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionsResponseSchema,
  type SiwxSession
} from '../../src/api/schemas/index.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { LOCAL_ORIGIN, useTestApp } from '../server/helpers.js'

const testApp = useTestApp()
const DOMAIN = new URL(LOCAL_ORIGIN).host
const [alice, mallory] = bitcoinTestAccounts as [(typeof bitcoinTestAccounts)[0], (typeof bitcoinTestAccounts)[0]]
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const headers = (token?: string) => ({ Origin: LOCAL_ORIGIN, ...(token ? { Authorization: `Bearer ${token}` } : {}) })
const utf8 = (text: string) => new TextEncoder().encode(text)

async function bitcoinSession(
  address: string,
  sign: (text: string) => string,
  chainId: string = REGTEST_CAIP_NETWORK_ID
): Promise<SiwxSession> {
  const { nonce } = await testApp.app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
  const message = await createSiwxMessage(
    { accountAddress: address, chainId },
    { nonce, domain: DOMAIN, uri: `${LOCAL_ORIGIN}/`, statement: 'Sign in to the test app' }
  )
  const { toString: _text, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: sign(text) }
}
const p2wpkh = (key: string) => (text: string) => signBip322P2wpkh(hex.decode(key), utf8(text))
const p2tr = (key: string) => (text: string) => signBip322P2tr(hex.decode(key), utf8(text))

describe('SIWX on the backend: Bitcoin (BIP-322 simple)', () => {
  let token = ''

  it('keeps a P2WPKH session and a P2TR one under one bearer token, and lists them', async () => {
    const payment = await bitcoinSession(alice.payment.address, p2wpkh(alice.payment.privateKey))
    assert.match(payment.message, /^localhost:5173 wants you to sign in with your Bitcoin account:\nbcrt1q/)
    assert.match(payment.message, new RegExp(`\nChain ID: ${REGTEST_CAIP_NETWORK_ID}\n`))
    const created = await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: payment, headers: headers() },
      201
    )
    token = created.token
    const ordinals = await bitcoinSession(alice.ordinals.address, p2tr(alice.ordinals.privateKey))
    await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: ordinals, headers: headers(token) },
      201
    )
    const { sessions } = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      query: { chainId: REGTEST_CAIP_NETWORK_ID },
      headers: headers(token)
    })
    assert.deepEqual(
      sessions.map(stored => stored.session.data.accountAddress),
      [alice.payment.address, alice.ordinals.address]
    )
    const { sessions: one } = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      query: { chainId: REGTEST_CAIP_NETWORK_ID, address: alice.ordinals.address },
      headers: headers(token)
    })
    assert.deepEqual(
      one.map(stored => stored.session),
      [ordinals]
    )
  })

  it("refuses Mallory's signature for Alice's address, and a message changed after signing, keeping the nonce", async () => {
    const session = await bitcoinSession(alice.payment.address, p2wpkh(alice.payment.privateKey))
    const forged = { ...session, signature: p2wpkh(mallory.payment.privateKey)(session.message) }
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: forged, headers: headers() }),
      'Invalid signature: the signature is not the account’s'
    )
    const forgedTr = await bitcoinSession(alice.ordinals.address, p2tr(mallory.ordinals.privateKey))
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: forgedTr, headers: headers() }),
      'Invalid signature: the signature is not the account’s'
    )
    // The statement changed in both the data and the text: they match, the signature does not.
    const statement = 'Send me everything'
    const changed = {
      ...session,
      data: { ...session.data, statement },
      message: session.message.replace('Sign in to the test app', statement)
    }
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: changed, headers: headers() }),
      'Invalid signature: the signature is not the account’s'
    )
    // The nonce was not burnt by the refusals.
    await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: session, headers: headers() },
      201
    )
  })

  it('refuses a legacy (P2PKH) address plainly, and garbage base64', async () => {
    const legacy = await bitcoinSession('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', () => 'AkcwRAIg', TESTNET)
    assert.match(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: legacy, headers: headers() }),
      /^Invalid signature: BIP-322 simple signatures are not supported for legacy \(P2PKH\) addresses/
    )
    const garbage = await bitcoinSession(alice.payment.address, () => 'not*base64*at*all')
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: garbage, headers: headers() }),
      'Invalid signature: the signature is not a BIP-322 simple signature (the base64 of a witness)'
    )
  })

  it('refuses a chain id that is not a bip122 genesis reference', async () => {
    const session = await bitcoinSession(alice.payment.address, p2wpkh(alice.payment.privateKey))
    const body = { ...session, data: { ...session.data, chainId: 'bip122:regtest' } }
    assert.match(
      await testApp.app.error('POST', '/v1/siwx/sessions', 400, { body, headers: headers() }),
      /a CAIP-2 eip155, solana or bip122 chain id/
    )
  })
})
