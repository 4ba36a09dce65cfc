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

/** The keys of one account, in memory: addresses and signatures, never the keys themselves. */
export class Keyring {
  readonly #evm: PrivateKeyAccount
  readonly #solanaSeed: Uint8Array
  /** The keys' hex digits, only to check that nothing the frame answers contains one. */
  readonly #secrets: readonly string[]
  readonly solanaAddress: string

  constructor(keys: readonly StoredKey[]) {
    const evm = keys.find(key => key.namespace === 'eip155')
    const solana = keys.find(key => key.namespace === 'solana')
    if (!evm || !solana) throw new Error(KEYS_INCOMPLETE)
    this.#evm = privateKeyToAccount(evm.privateKey as Hex)
    this.#solanaSeed = hexToBytes(solana.privateKey as Hex)
    this.#secrets = [evm.privateKey, solana.privateKey].map(key => key.slice(2).toLowerCase())
    this.solanaAddress = encodeBase58(ed25519.getPublicKey(this.#solanaSeed))
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

  /** Whether `text` contains one of the keys (in hex, either case). */
  leaksInto(text: string): boolean {
    const lower = text.toLowerCase()
    return this.#secrets.some(secret => lower.includes(secret))
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
