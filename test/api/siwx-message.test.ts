// The sign-in messages the kit writes (issue 12): every EIP-4361 message is parsed, re-written and
// verified by the reference `siwe` package (over ethers); every Sign In With Solana message is
// verified with node:crypto's ed25519, independent of the kit's own verifier.
import assert from 'node:assert/strict'
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, it } from 'node:test'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { isSessionCurrent, randomNonce } from '../../src/siwx/message.js'
import { sessionProblem } from '../../src/siwx/verify.js'
import { decodeBase58, encodeBase58 } from '../../src/utils/base58.js'

const account = privateKeyToAccount(generatePrivateKey())
const NOW = Date.parse('2026-11-25T12:00:00.000Z')

/** Every optional field on and off. */
const VARIANTS = [
  {},
  { statement: 'Sign in to Example' },
  { statement: 'Sign in', requestId: 'req-42', resources: ['https://example.com/terms', 'ipfs://bafy'] },
  { expiresInMs: 0 },
  { expiresInMs: 60_000, requestId: '' }
] as const

describe('EIP-4361 messages (checked by the siwe package)', () => {
  for (const [index, variant] of VARIANTS.entries()) {
    it(`variant ${index}: siwe parses every field, writes the same text, and verifies the signature`, async () => {
      const nonce = randomNonce()
      const message = await createSiwxMessage(
        // A lower-case address: the message carries its EIP-55 form.
        { accountAddress: account.address.toLowerCase(), chainId: 'eip155:31337' },
        { nonce, domain: 'app.example:5173', uri: 'http://app.example:5173/shop', now: NOW, ...variant }
      )
      const text = message.toString()
      const parsed = new SiweMessage(text)
      assert.equal(parsed.address, account.address)
      assert.equal(parsed.chainId, 31337)
      assert.equal(parsed.domain, 'app.example:5173')
      assert.equal(parsed.uri, 'http://app.example:5173/shop')
      assert.equal(parsed.version, '1')
      assert.equal(parsed.nonce, nonce)
      assert.equal(parsed.issuedAt, '2026-11-25T12:00:00.000Z')
      assert.equal(parsed.statement, 'statement' in variant ? variant.statement : undefined)
      // An empty request id is no request id (siwe writes none either).
      assert.equal(parsed.requestId, 'requestId' in variant && variant.requestId ? variant.requestId : undefined)
      assert.deepEqual(parsed.resources, 'resources' in variant ? variant.resources : undefined)
      const expires = 'expiresInMs' in variant ? variant.expiresInMs : 86_400_000
      assert.equal(parsed.expirationTime, expires > 0 ? new Date(NOW + expires).toISOString() : undefined)
      assert.equal(parsed.prepareMessage(), text)
      const signature = await account.signMessage({ message: text })
      const result = await parsed.verify({ signature, time: new Date(NOW + 1000).toISOString() })
      assert.equal(result.success, true)
      // The kit's own verifier agrees, and refuses an edited text.
      const { toString: _text, ...data } = message
      assert.equal(await sessionProblem({ data, message: text, signature }), undefined)
      assert.equal(
        await sessionProblem({ data, message: text.replace('Nonce:', 'Nonce: x'), signature }),
        'the message text does not match its data'
      )
    })
  }
})

describe('Sign In With Solana messages (checked with node:crypto)', () => {
  it('names the cluster and verifies under ed25519 with the account as the public key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const address = encodeBase58(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'))
    for (const [chainId, line] of [
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: mainnet'],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Chain ID: devnet'],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Chain ID: testnet'],
      ['solana:GHtKQ1o8x8pG5ay8F6eNcmzeEQx5gU8m', 'Chain ID: GHtKQ1o8x8pG5ay8F6eNcmzeEQx5gU8m']
    ] as const) {
      const message = await createSiwxMessage(
        { accountAddress: address, chainId },
        { nonce: randomNonce(), domain: 'app.example', uri: 'https://app.example/', statement: 'Hello', now: NOW }
      )
      const text = message.toString()
      const lines = text.split('\n')
      assert.equal(lines[0], 'app.example wants you to sign in with your Solana account:')
      assert.equal(lines[1], address)
      assert.deepEqual(lines.slice(2, 6), ['', 'Hello', '', 'URI: https://app.example/'])
      assert.ok(lines.includes(line), text)
      const signature = encodeBase58(sign(null, Buffer.from(text), privateKey))
      // Independent check: the account's bytes as the ed25519 key (node:crypto, via JWK).
      const key = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeBase58(address)!).toString('base64url') },
        format: 'jwk'
      })
      assert.equal(verify(null, Buffer.from(text), key, Buffer.from(decodeBase58(signature)!)), true)
      const { toString: _text, ...data } = message
      assert.equal(await sessionProblem({ data, message: text, signature }), undefined)
    }
  })
})

describe('session times', () => {
  const base = {
    accountAddress: account.address,
    chainId: 'eip155:1',
    domain: 'a',
    uri: 'b',
    version: '1' as const,
    nonce: 'abcdefgh',
    issuedAt: '2026-11-25T12:00:00.000Z'
  }
  it('an expired or not-yet-valid session is not a session', () => {
    assert.equal(isSessionCurrent({ ...base, expirationTime: '2026-11-25T13:00:00.000Z' }, NOW), true)
    assert.equal(isSessionCurrent({ ...base, expirationTime: '2026-11-25T12:00:00.000Z' }, NOW), false)
    assert.equal(isSessionCurrent({ ...base, notBefore: '2026-11-25T12:00:01.000Z' }, NOW), false)
    assert.equal(isSessionCurrent({ ...base, notBefore: '2026-11-25T12:00:00.000Z' }, NOW), true)
  })
})
