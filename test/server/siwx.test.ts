// Sign-in with X on the reference backend (issue 12): a nonce, a session verified and kept per
// bearer token (EIP-191 and ed25519 here; EIP-1271 in siwx-contract-account.test.ts), the list,
// and revoke. Every refusal names its reason.
import assert from 'node:assert/strict'
import { generateKeyPairSync, sign } from 'node:crypto'
import { describe, it } from 'node:test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
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
    const created = await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: session, headers: headers() },
      201
    )
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
    await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: first, headers: headers() },
      201
    )
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
    await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: session, headers: headers() },
      201
    )
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
    const created = await testApp.app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: session, headers: headers(token) },
      201
    )
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
