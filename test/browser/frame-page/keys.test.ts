// The frame's keys (service/frame/keys.ts): addresses from known keys (hardhat's first test account; a
// Solana seed checked against @solana/web3.js and the browser's own Ed25519), random new keys, signatures that verify, a keyring
// that never shows its keys, and after a login: the backend's keys used as they are, or new ones
// made, stored (POST /frame-api/keys) and the backend's answer used.
import { ed25519 } from '@noble/curves/ed25519'
import { expect } from '@open-wc/testing'
import { hexToBytes, type Hex } from 'viem'
import {
  ensureKeys,
  evmAddress,
  KEYS_INCOMPLETE,
  Keyring,
  newKeys,
  randomKey,
  solanaAddress
} from '../../../service/frame/keys.js'
import { decodeBase58, encodeBase58 } from '../../../src/utils/base58.js'
import { FakeBackend, LOGIN_CODE } from './fake-backend.js'
import { HARDHAT_ADDRESS, HARDHAT_KEY, SOLANA_SEED, WEB3JS_ADDRESS_OF_SEED } from './known-keys.js'

/** The ed25519 public key of `seed` by the browser's WebCrypto (PKCS #8 around the seed), base58. */
async function webCryptoSolanaAddress(seed: Hex): Promise<string> {
  const pkcs8 = new Uint8Array([...hexToBytes('0x302e020100300506032b657004220420'), ...hexToBytes(seed)])
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
  const jwk = await crypto.subtle.exportKey('jwk', key)
  const x = atob(jwk.x!.replace(/-/g, '+').replace(/_/g, '/'))
  return encodeBase58(Uint8Array.from(x, char => char.charCodeAt(0)))
}

describe('frame keys', () => {
  it('gives hardhat’s first test account for its well-known private key', () => {
    expect(evmAddress(HARDHAT_KEY)).to.equal(HARDHAT_ADDRESS)
  })

  it('gives the Solana address @solana/web3.js gives for the same seed, and the browser’s Ed25519 agrees', async () => {
    expect(solanaAddress(SOLANA_SEED)).to.equal(WEB3JS_ADDRESS_OF_SEED)
    expect(await webCryptoSolanaAddress(SOLANA_SEED)).to.equal(WEB3JS_ADDRESS_OF_SEED)
    const random = randomKey()
    expect(solanaAddress(random)).to.equal(await webCryptoSolanaAddress(random))
  })

  it('makes a new random 32-byte key for each namespace', () => {
    const keys = newKeys()
    expect(keys.map(key => key.namespace)).to.deep.equal(['eip155', 'solana'])
    for (const key of keys) expect(key.privateKey).to.match(/^0x[0-9a-f]{64}$/)
    expect(keys[0]!.privateKey).not.to.equal(keys[1]!.privateKey)
    expect(newKeys()[0]!.privateKey).not.to.equal(keys[0]!.privateKey)
  })

  it('signs Solana messages with the seed: the signature verifies for the address', () => {
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: HARDHAT_KEY },
      { namespace: 'solana', privateKey: SOLANA_SEED }
    ])
    const message = new TextEncoder().encode('hello')
    const signature = keyring.signSolana(message)
    expect(signature).to.have.length(64)
    expect(ed25519.verify(signature, message, decodeBase58(keyring.solanaAddress)!)).to.equal(true)
  })

  it('keeps its keys to itself: not in its enumerable state, not in JSON, yet recognised in a text', () => {
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: HARDHAT_KEY },
      { namespace: 'solana', privateKey: SOLANA_SEED }
    ])
    const shown = JSON.stringify({ keyring, account: keyring.account, values: Object.values(keyring) })
    expect(shown.toLowerCase()).not.to.contain(HARDHAT_KEY.slice(2))
    expect(shown.toLowerCase()).not.to.contain(SOLANA_SEED.slice(2))
    expect(keyring.address).to.equal(HARDHAT_ADDRESS)
    expect(keyring.leaksInto(`x${HARDHAT_KEY.slice(2).toUpperCase()}y`)).to.equal(true)
    expect(keyring.leaksInto(`{"seed":"${SOLANA_SEED}"}`)).to.equal(true)
    expect(keyring.leaksInto(HARDHAT_ADDRESS)).to.equal(false)
  })

  it('recognises its keys in the other forms a leak would take (issue 33): base64 and base64url at any byte alignment, base58 (each key, the Solana 64-byte secret key), a list of bytes', () => {
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: HARDHAT_KEY },
      { namespace: 'solana', privateKey: SOLANA_SEED }
    ])
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
    const seed = hexToBytes(SOLANA_SEED)
    for (const key of [hexToBytes(HARDHAT_KEY), seed]) {
      for (const shift of [0, 1, 2]) {
        const inside = base64(new Uint8Array([...new Uint8Array(3 + shift).fill(7), ...key, 9, 9, 9]))
        expect(keyring.leaksInto(`{"k":"${inside}"}`), `base64, shifted ${shift}`).to.equal(true)
        expect(keyring.leaksInto(inside.replaceAll('+', '-').replaceAll('/', '_')), `base64url, ${shift}`).to.equal(
          true
        )
      }
      expect(keyring.leaksInto(`"${encodeBase58(key)}"`)).to.equal(true)
      expect(keyring.leaksInto(JSON.stringify({ key: [...key] }))).to.equal(true)
    }
    expect(keyring.leaksInto(encodeBase58(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)])))).to.equal(true)
    // What the frame answers every day is not taken for a key: its addresses, a public key in base64.
    expect(keyring.leaksInto(`${keyring.solanaAddress} ${keyring.address}`)).to.equal(false)
    expect(keyring.leaksInto(base64(ed25519.getPublicKey(seed)))).to.equal(false)
  })

  it('refuses an account without a key for each namespace', () => {
    expect(() => new Keyring([{ namespace: 'eip155', privateKey: HARDHAT_KEY }])).to.throw(KEYS_INCOMPLETE)
  })
})

describe('the keys after a login', () => {
  async function login(backend: FakeBackend, email = 'visitor@example.com') {
    return backend.emailOtp({ email, deviceId: 'd'.repeat(32), code: LOGIN_CODE })
  }

  it('uses the keys the backend gave back and stores nothing', async () => {
    const backend = new FakeBackend()
    backend.accounts.set('visitor@example.com', {
      email: 'visitor@example.com',
      keys: [
        { namespace: 'eip155', privateKey: HARDHAT_KEY },
        { namespace: 'solana', privateKey: SOLANA_SEED }
      ],
      devices: new Set()
    })
    const { sessionToken, keys } = await login(backend)
    const keyring = await ensureKeys(backend, sessionToken, keys)
    expect(keyring.address).to.equal(HARDHAT_ADDRESS)
    expect(backend.routes()).not.to.include('keys')
  })

  it('makes both keys for a new account, stores them with the session token, and uses what the backend answers', async () => {
    const backend = new FakeBackend()
    const { sessionToken, keys } = await login(backend)
    expect(keys).to.deep.equal([])
    // Another profile stored its keys first: those win.
    const first = newKeys()
    backend.accounts.get('visitor@example.com')!.keys.push(...first)
    const keyring = await ensureKeys(backend, sessionToken, keys)
    const stored = backend.calls.find(call => call.route === 'keys')!
    expect(stored.token).to.equal(sessionToken)
    expect((stored.body as { keys: unknown[] }).keys).to.have.length(2)
    expect(keyring.address).to.equal(evmAddress(first[0]!.privateKey as Hex))
    expect(keyring.solanaAddress).to.equal(solanaAddress(first[1]!.privateKey as Hex))
  })

  it('keeps the key an account has and makes only the missing one', async () => {
    const backend = new FakeBackend()
    backend.accounts.set('visitor@example.com', {
      email: 'visitor@example.com',
      keys: [{ namespace: 'eip155', privateKey: HARDHAT_KEY }],
      devices: new Set()
    })
    const { sessionToken, keys } = await login(backend)
    const keyring = await ensureKeys(backend, sessionToken, keys)
    expect(keyring.address).to.equal(HARDHAT_ADDRESS)
    const sent = (backend.calls.find(call => call.route === 'keys')!.body as { keys: Array<{ privateKey: string }> })
      .keys
    expect(sent[0]!.privateKey).to.equal(HARDHAT_KEY)
    expect(keyring.solanaAddress).to.equal(solanaAddress(sent[1]!.privateKey as Hex))
  })
})
