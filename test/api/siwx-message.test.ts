// The sign-in messages the kit writes (issue 12): every EIP-4361 message is parsed, re-written and
// verified by the reference `siwe` package (over ethers); every Sign In With Solana message is
// verified with node:crypto's ed25519, independent of the kit's own verifier; every Bitcoin message
// is signed by the test wallet's BIP-322 code (@scure/btc-signer's sighashes) and verified by the kit's.
import assert from 'node:assert/strict'
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, it } from 'node:test'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { isSessionCurrent, randomNonce } from '../../src/siwx/message.js'
import { sessionProblem } from '../../src/siwx/verify.js'
import { decodeBase58, encodeBase58 } from '../../src/utils/base58.js'
import { bech32, hex } from '@scure/base'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.js'
import { signBip322P2tr, signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'

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

describe('CAIP-122 messages for Bitcoin (BIP-322 simple, checked with @scure/btc-signer)', () => {
  const { payment, ordinals } = bitcoinTestAccounts[0]!
  const mallory = bitcoinTestAccounts[1]!
  const sessionFor = async (address: string, chainId: string, sign: (text: string) => string) => {
    const message = await createSiwxMessage(
      { accountAddress: address, chainId },
      { nonce: randomNonce(), domain: 'app.example', uri: 'https://app.example/', statement: 'Hello', now: NOW }
    )
    const { toString: _text, ...data } = message
    const text = message.toString()
    return { data, message: text, signature: sign(text) }
  }
  const signP2wpkh = (key: string) => (text: string) =>
    signBip322P2wpkh(hex.decode(key), new TextEncoder().encode(text))
  const signP2tr = (key: string) => (text: string) => signBip322P2tr(hex.decode(key), new TextEncoder().encode(text))

  it('names Bitcoin, writes the bare address and the CAIP-2 chain id, and verifies P2WPKH and P2TR on regtest', async () => {
    for (const [address, sign] of [
      [payment.address, signP2wpkh(payment.privateKey)],
      [ordinals.address, signP2tr(ordinals.privateKey)]
    ] as const) {
      const session = await sessionFor(address, REGTEST_CAIP_NETWORK_ID, sign)
      const lines = session.message.split('\n')
      assert.equal(lines[0], 'app.example wants you to sign in with your Bitcoin account:')
      assert.equal(lines[1], address)
      assert.ok(lines.includes(`Chain ID: ${REGTEST_CAIP_NETWORK_ID}`), session.message)
      assert.equal(await sessionProblem(session), undefined)
      // From the attacker's side: the data changed after signing (another nonce) no longer matches.
      const edited = { ...session.data, nonce: 'attacker1' }
      assert.equal(
        await sessionProblem({
          ...session,
          data: edited,
          message: session.message.replace(session.data.nonce, 'attacker1')
        }),
        'the signature is not the account’s'
      )
    }
  })

  it('refuses another key, a mainnet address on regtest, a legacy address and garbage base64', async () => {
    const forged = await sessionFor(payment.address, REGTEST_CAIP_NETWORK_ID, signP2wpkh(mallory.payment.privateKey))
    assert.equal(await sessionProblem(forged), 'the signature is not the account’s')
    const words = bech32.decode(payment.address as `${string}1${string}`).words
    const mainnet = await sessionFor(
      bech32.encode('bc', words),
      REGTEST_CAIP_NETWORK_ID,
      signP2wpkh(payment.privateKey)
    )
    assert.match((await sessionProblem(mainnet)) ?? '', /not a Bitcoin address of this chain \(bcrt1…\)/)
    const legacy = await sessionFor(
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      'bip122:000000000933ea01ad0ee984209779ba',
      () => 'AA=='
    )
    assert.match((await sessionProblem(legacy)) ?? '', /not supported for legacy \(P2PKH\) addresses/)
    const garbage = await sessionFor(payment.address, REGTEST_CAIP_NETWORK_ID, () => '%%% not base64')
    assert.equal(
      await sessionProblem(garbage),
      'the signature is not a BIP-322 simple signature (the base64 of a witness)'
    )
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
