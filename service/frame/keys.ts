// The wallet's keys, made and used in the frame only (service/frame/README.md): 32 random bytes each, an
// EVM (secp256k1) private key and a Solana ed25519 seed. A Keyring holds them in private fields and
// offers addresses and signatures, never the keys; after a login with no stored keys both are made
// here and handed to the backend (POST /frame-api/keys), which keeps them envelope-encrypted and
// answers with the account's keys (the first stored win, so two profiles racing agree).
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { encodeBase58 } from '../../src/utils/base58.js'
import type { Backend, StoredKey } from './backend.js'

export type Namespace = StoredKey['namespace']

export const NAMESPACES: readonly Namespace[] = ['eip155', 'solana']

export const KEYS_INCOMPLETE = 'The wallet’s keys are incomplete'

/** 32 random bytes as 0x hex: an EVM private key or an ed25519 seed alike. */
export function randomKey(): Hex {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
}

/** A new key for each namespace. */
export function newKeys(): StoredKey[] {
  return NAMESPACES.map(namespace => ({ namespace, privateKey: randomKey() }))
}

/** The checksummed EVM address of a private key. */
export function evmAddress(privateKey: Hex): `0x${string}` {
  return privateKeyToAccount(privateKey).address
}

/** The Solana address (base58 ed25519 public key) of a 32-byte seed. */
export function solanaAddress(seed: Hex): string {
  return encodeBase58(ed25519.getPublicKey(hexToBytes(seed)))
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/**
 * The forms a leak of `bytes` would take (issue 33): `hex` (compared lower-cased, so any case, with
 * or without 0x) and, compared as they are, base64 and base64url at each of the three byte
 * alignments (without the edge characters a neighbour would change, so the key is found inside a
 * longer encoded buffer too), base58, and its bytes as a list ('1,2,3').
 */
function leakForms(bytes: Uint8Array): { hex: string; exact: string[] } {
  const exact = [encodeBase58(bytes), bytes.join(',')]
  for (let shift = 0; shift < 3; shift++) {
    const encoded = toBase64(new Uint8Array([...new Uint8Array(shift), ...bytes])).replace(/=+$/, '')
    const inner = encoded.slice(Math.ceil((shift * 8) / 6), -2)
    exact.push(inner, inner.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return { hex: bytesToHex(bytes).slice(2), exact }
}

/** The keys of one account, in memory: addresses and signatures, never the keys themselves. */
export class Keyring {
  readonly #evm: PrivateKeyAccount
  readonly #solanaSeed: Uint8Array
  /** The keys' leak forms (leakForms; the Solana 64-byte secret key too), only to check that nothing the frame answers contains one. */
  readonly #secrets: ReturnType<typeof leakForms>[]
  readonly solanaAddress: string

  constructor(keys: readonly StoredKey[]) {
    const evm = keys.find(key => key.namespace === 'eip155')
    const solana = keys.find(key => key.namespace === 'solana')
    if (!evm || !solana) throw new Error(KEYS_INCOMPLETE)
    this.#evm = privateKeyToAccount(evm.privateKey as Hex)
    this.#solanaSeed = hexToBytes(solana.privateKey as Hex)
    const solanaPublicKey = ed25519.getPublicKey(this.#solanaSeed)
    this.#secrets = [
      hexToBytes(evm.privateKey as Hex),
      this.#solanaSeed,
      new Uint8Array([...this.#solanaSeed, ...solanaPublicKey])
    ].map(leakForms)
    this.solanaAddress = encodeBase58(solanaPublicKey)
  }

  get address(): `0x${string}` {
    return this.#evm.address
  }

  /** The EVM account (viem's local account: it signs, it does not expose the key). */
  get account(): PrivateKeyAccount {
    return this.#evm
  }

  /** An ed25519 signature (64 bytes) of `message` with the Solana key. */
  signSolana(message: Uint8Array): Uint8Array {
    return ed25519.sign(message, this.#solanaSeed)
  }

  /** Whether `text` contains one of the keys: in hex (either case), base64, base64url, base58 or as a list of bytes. */
  leaksInto(text: string): boolean {
    const lower = text.toLowerCase()
    return this.#secrets.some(({ hex, exact }) => lower.includes(hex) || exact.some(form => text.includes(form)))
  }
}

/**
 * The account's keys after a login: the ones the backend gave back, or, when it has none (a new
 * account) or misses a namespace, new ones made here, stored, and then whatever the backend answers.
 */
export async function ensureKeys(backend: Backend, token: string, keys: readonly StoredKey[]): Promise<Keyring> {
  const complete = NAMESPACES.every(namespace => keys.some(key => key.namespace === namespace))
  if (complete) return new Keyring(keys)
  const made = newKeys().map(key => keys.find(stored => stored.namespace === key.namespace) ?? key)
  const { keys: stored } = await backend.storeKeys(token, made)
  return new Keyring(stored)
}
