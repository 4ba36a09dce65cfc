// Sign-in with X on the reference backend (issue 12): a nonce, a session verified and kept per
// bearer token (EIP-191, ed25519 and BIP-322 here; EIP-1271 in siwx-contract-account.test.ts), the
// list, and revoke. Every refusal names its reason.
import assert from 'node:assert/strict'
import { generateKeyPairSync, sign } from 'node:crypto'
import { describe, it } from 'node:test'
import { hex } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.js'
import { signBip322P2tr, signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import {
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionsResponseSchema,
  successResponseSchema,
  type SiwxSession
} from '../../src/api/schemas/index.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { encodeBase58 } from '../../src/utils/base58.js'
import { LOCAL_ORIGIN, useTestApp } from './helpers.js'

const testApp = useTestApp()
const DOMAIN = new URL(LOCAL_ORIGIN).host
const evm = privateKeyToAccount(generatePrivateKey())
const EVM_CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

function solanaKeypair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  return { address: encodeBase58(raw), sign: (text: string) => encodeBase58(sign(null, Buffer.from(text), privateKey)) }
}

async function nonce(): Promise<string> {
  return (await testApp.app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)).nonce
}

async function evmSession(
  settings: { nonce?: string; expiresInMs?: number; domain?: string } = {}
): Promise<SiwxSession> {
  const message = await createSiwxMessage(
    { accountAddress: evm.address, chainId: EVM_CHAIN },
    {
      nonce: settings.nonce ?? (await nonce()),
      domain: settings.domain ?? DOMAIN,
      uri: `${LOCAL_ORIGIN}/`,
      statement: 'Sign in to the test app',
      ...(settings.expiresInMs !== undefined ? { expiresInMs: settings.expiresInMs } : {})
    }
  )
  const { toString: _text, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: await evm.signMessage({ message: text }) }
}

const headers = (token?: string) => ({ Origin: LOCAL_ORIGIN, ...(token ? { Authorization: `Bearer ${token}` } : {}) })
/** POST /v1/siwx/sessions with `session` (as the bearer of `token`, if any): 201 and its answer. */
const keep = (session: SiwxSession, token?: string) =>
  testApp.app.ok(
    'POST',
    '/v1/siwx/sessions',
    siwxCreateSessionResponseSchema,
    { body: session, headers: headers(token) },
    201
  )

describe('SIWX on the backend', () => {
  let token = ''
  let sessionId = ''

  it('hands out a fresh nonce each time, valid for ten minutes', async () => {
    const first = await testApp.app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
    const second = await testApp.app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
    assert.notEqual(first.nonce, second.nonce)
    assert.match(first.nonce, /^[A-Za-z0-9]{16}$/)
    const ttl = Date.parse(first.expiresAt) - Date.now()
    assert.ok(ttl > 9 * 60_000 && ttl <= 10 * 60_000, `expires in ${ttl} ms`)
  })

  it('keeps an EOA session signed with EIP-191 and answers its id and a bearer token', async () => {
    const session = await evmSession()
    const created = await keep(session)
    assert.match(created.token, /^[A-Za-z0-9_-]{43}$/)
    assert.deepEqual(created.session, session)
    token = created.token
    sessionId = created.id
    const { sessions } = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      query: { chainId: EVM_CHAIN, address: evm.address.toLowerCase() },
      headers: headers(token)
    })
    assert.deepEqual(sessions, [{ id: sessionId, session }])
    // Another token sees nothing; no token is a 401.
    const other = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      headers: headers('x'.repeat(43))
    })
    assert.deepEqual(other.sessions, [])
    assert.match(await testApp.app.error('GET', '/v1/siwx/sessions', 401), /bearer token is required/)
  })

  it('uses each nonce once, and refuses unknown ones', async () => {
    const first = await evmSession()
    await keep(first)
    assert.match(
      await testApp.app.error('POST', '/v1/siwx/sessions', 400, { body: first, headers: headers() }),
      /'data.nonce': unknown, used or expired nonce/
    )
    const made = await evmSession({ nonce: 'madeUpNonce12345' })
    assert.match(await testApp.app.error('POST', '/v1/siwx/sessions', 400, { body: made, headers: headers() }), /nonce/)
  })

  it('refuses a signature that is not the account’s, a text that is not the data’s, and keeps the nonce', async () => {
    const session = await evmSession()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = { ...session, signature: await stranger.signMessage({ message: session.message }) }
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: forged, headers: headers() }),
      'Invalid signature: the signature is not the account’s'
    )
    const edited = { ...session, message: session.message.replace('Sign in to the test app', 'Send me everything') }
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: edited, headers: headers() }),
      'Invalid signature: the message text does not match its data'
    )
    // The nonce was not burnt by the refusals.
    await keep(session)
  })

  it('refuses a session for another domain than the calling page, and an expired one', async () => {
    const elsewhere = await evmSession({ domain: 'evil.example' })
    assert.match(
      await testApp.app.error('POST', '/v1/siwx/sessions', 400, { body: elsewhere, headers: headers() }),
      /'data.domain': expected the calling page's host localhost:5173, got 'evil.example'/
    )
    const expired = await evmSession({ expiresInMs: 1 })
    await new Promise(resolve => setTimeout(resolve, 5))
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 400, { body: expired, headers: headers() }),
      'The session is expired or not yet valid'
    )
  })

  it('keeps a Solana session signed with ed25519 under the same token', async () => {
    const keypair = solanaKeypair()
    const message = await createSiwxMessage(
      { accountAddress: keypair.address, chainId: SOLANA_CHAIN },
      { nonce: await nonce(), domain: DOMAIN, uri: `${LOCAL_ORIGIN}/` }
    )
    const { toString: _text, ...data } = message
    const text = message.toString()
    assert.match(text, /^localhost:5173 wants you to sign in with your Solana account:\n/)
    assert.match(text, /\nChain ID: devnet\n/)
    const session = { data, message: text, signature: keypair.sign(text) }
    const wrong = { ...session, signature: solanaKeypair().sign(text) }
    assert.equal(
      await testApp.app.error('POST', '/v1/siwx/sessions', 403, { body: wrong, headers: headers(token) }),
      'Invalid signature: the signature is not the account’s'
    )
    const created = await keep(session, token)
    assert.equal(created.token, token)
    const { sessions } = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      query: { chainId: SOLANA_CHAIN, address: keypair.address },
      headers: headers(token)
    })
    assert.deepEqual(
      sessions.map(entry => entry.session),
      [session]
    )
  })

  it('revokes a session of the token: it is no longer listed; another token cannot revoke it', async () => {
    assert.match(
      await testApp.app.error('POST', `/v1/siwx/sessions/${sessionId}/revoke`, 404, {
        headers: headers('y'.repeat(43))
      }),
      /No session/
    )
    await testApp.app.ok('POST', `/v1/siwx/sessions/${sessionId}/revoke`, successResponseSchema, {
      headers: headers(token)
    })
    const { sessions } = await testApp.app.ok('GET', '/v1/siwx/sessions', siwxSessionsResponseSchema, {
      query: { chainId: EVM_CHAIN, address: evm.address },
      headers: headers(token)
    })
    assert.ok(!sessions.some(entry => entry.id === sessionId))
  })
})

const [alice, mallory] = bitcoinTestAccounts as [(typeof bitcoinTestAccounts)[0], (typeof bitcoinTestAccounts)[0]]
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const utf8 = (text: string) => new TextEncoder().encode(text)

async function bitcoinSession(
  address: string,
  sign: (text: string) => string,
  chainId: string = REGTEST_CAIP_NETWORK_ID
): Promise<SiwxSession> {
  const message = await createSiwxMessage(
    { accountAddress: address, chainId },
    { nonce: await nonce(), domain: DOMAIN, uri: `${LOCAL_ORIGIN}/`, statement: 'Sign in to the test app' }
  )
  const { toString: _text, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: sign(text) }
}
const p2wpkh = (key: string) => (text: string) => signBip322P2wpkh(hex.decode(key), utf8(text))
const p2tr = (key: string) => (text: string) => signBip322P2tr(hex.decode(key), utf8(text))

/**
 * Bitcoin accounts (issue 34): a CAIP-122 message signed with BIP-322 simple, verified with
 * src/siwx/bitcoin-signature.ts through verify.ts (the module createLocalSiwx loads too), for P2WPKH
 * and P2TR; from the attacker's side: another key, a message changed after signing, a legacy
 * address, garbage base64 (403 with the reason, none burning the nonce), a chain id that is no
 * genesis reference (400).
 */
describe('SIWX on the backend: Bitcoin (BIP-322 simple)', () => {
  let token = ''

  it('keeps a P2WPKH session and a P2TR one under one bearer token, and lists them', async () => {
    const payment = await bitcoinSession(alice.payment.address, p2wpkh(alice.payment.privateKey))
    assert.match(payment.message, /^localhost:5173 wants you to sign in with your Bitcoin account:\nbcrt1q/)
    assert.match(payment.message, new RegExp(`\nChain ID: ${REGTEST_CAIP_NETWORK_ID}\n`))
    const created = await keep(payment)
    token = created.token
    const ordinals = await bitcoinSession(alice.ordinals.address, p2tr(alice.ordinals.privateKey))
    await keep(ordinals, token)
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
    await keep(session)
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
