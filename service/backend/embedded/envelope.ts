// Envelope encryption of the embedded wallet's private keys (service/frame/README.md): each secret is
// encrypted with AES-256-GCM under a data key of its own (32 random bytes), and that data key is
// encrypted (AES-256-GCM) under the master key APPKIT_MASTER_KEY. A row therefore holds no key in
// the clear, and nothing in it opens without the master key. `context` (e.g. the account and
// namespace) is bound as additional authenticated data on both layers, so a row copied onto
// another account does not open either.
//
// Also: keys for other purposes derived from the master key with HKDF-SHA256 (code and device
// hashes), so one secret configures the whole wallet.
import { Buffer } from 'node:buffer'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const ALGORITHM = 'aes-256-gcm'
const IV_BYTES = 12

/** What is stored for one secret, every part base64. */
export interface SealedSecret {
  /** The secret under the data key. */
  ciphertext: string
  keyIv: string
  keyTag: string
  /** The data key under the master key. */
  wrappedKey: string
  wrapIv: string
  wrapTag: string
}

/** A sealed secret that does not open: a wrong master key, a wrong context or altered bytes. */
export class EnvelopeError extends Error {
  constructor() {
    super('The key could not be decrypted (wrong master key, or the stored row was altered)')
    this.name = 'EnvelopeError'
  }
}

function encrypt(key: Uint8Array, plaintext: Uint8Array, aad: Buffer) {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv)
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { ciphertext, iv, tag: cipher.getAuthTag() }
}

function decrypt(key: Uint8Array, ciphertext: string, iv: string, tag: string, aad: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'))
  decipher.setAAD(aad)
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()])
}

function checkMasterKey(masterKey: Uint8Array): void {
  if (masterKey.length !== 32) throw new Error(`The master key must be 32 bytes, got ${masterKey.length}`)
}

/** Encrypts `secret` under a fresh data key, wrapped under `masterKey`. */
export function seal(secret: Uint8Array, masterKey: Uint8Array, context: string): SealedSecret {
  checkMasterKey(masterKey)
  const dataKey = randomBytes(32)
  try {
    const inner = encrypt(dataKey, secret, Buffer.from(`data:${context}`))
    const outer = encrypt(masterKey, dataKey, Buffer.from(`wrap:${context}`))
    return {
      ciphertext: inner.ciphertext.toString('base64'),
      keyIv: inner.iv.toString('base64'),
      keyTag: inner.tag.toString('base64'),
      wrappedKey: outer.ciphertext.toString('base64'),
      wrapIv: outer.iv.toString('base64'),
      wrapTag: outer.tag.toString('base64')
    }
  } finally {
    dataKey.fill(0)
  }
}

/** The secret `seal` sealed; throws EnvelopeError when it does not open. */
export function open(sealed: SealedSecret, masterKey: Uint8Array, context: string): Buffer {
  checkMasterKey(masterKey)
  let dataKey: Buffer | undefined
  try {
    dataKey = decrypt(masterKey, sealed.wrappedKey, sealed.wrapIv, sealed.wrapTag, Buffer.from(`wrap:${context}`))
    return decrypt(dataKey, sealed.ciphertext, sealed.keyIv, sealed.keyTag, Buffer.from(`data:${context}`))
  } catch {
    throw new EnvelopeError()
  } finally {
    dataKey?.fill(0)
  }
}

/** A 32-byte key for `purpose`, derived from the master key (HKDF-SHA256). */
export function deriveKey(masterKey: Uint8Array, purpose: string): Buffer {
  checkMasterKey(masterKey)
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `appkit-embedded-wallet:${purpose}`, 32))
}
