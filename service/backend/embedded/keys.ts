// The wallet keys the frame creates and the backend keeps for it: per account at most one key per
// namespace ('eip155': a secp256k1 private key; 'solana': the 32-byte ed25519 seed), each
// envelope-encrypted (envelope.ts) with the account and namespace as its context. The first key
// stored for a namespace wins (INSERT ... ON CONFLICT DO NOTHING), so two devices creating keys at
// once end up with the same ones. The address is kept beside the ciphertext for reference.
import { Buffer } from 'node:buffer'
import { createPrivateKey, createPublicKey } from 'node:crypto'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import * as z from 'zod/mini'
import { encodeBase58 } from '../../../src/utils/base58.js'
import type { Database, Queryable } from '../db/database.js'
import { badRequest } from '../http.js'
import { open, seal, type SealedSecret } from './envelope.js'

export const KEY_NAMESPACES = ['eip155', 'solana'] as const
export type KeyNamespace = (typeof KEY_NAMESPACES)[number]

export const walletKeySchema = z.object({
  namespace: z.enum(KEY_NAMESPACES),
  privateKey: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, "'0x' and 64 hex digits"))
})
export type WalletKey = { namespace: KeyNamespace; privateKey: Hex }
/** A key as submitted (walletKeySchema's output: '0x' and 64 hex digits, either case). */
export type SubmittedKey = z.infer<typeof walletKeySchema>

/** PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The Solana address (base58 of the ed25519 public key) of a 32-byte seed. */
export function solanaAddress(seed: Uint8Array): string {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8'
  })
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' })
  return encodeBase58(Buffer.from(x!, 'base64url'))
}

/** The key's address; 400 when it is no key of its namespace (a secp256k1 scalar out of range). */
export function addressOf(key: SubmittedKey): string {
  if (key.namespace === 'solana') return solanaAddress(Buffer.from(key.privateKey.slice(2), 'hex'))
  try {
    return privateKeyToAddress(key.privateKey as Hex)
  } catch {
    throw badRequest(`Invalid body field 'keys': the eip155 key is not a valid secp256k1 private key`)
  }
}

const keyContext = (accountId: string, namespace: KeyNamespace) => `wallet-key:v1:${accountId}:${namespace}`

interface KeyRow {
  namespace: KeyNamespace
  ciphertext: string
  key_iv: string
  key_tag: string
  wrapped_key: string
  wrap_iv: string
  wrap_tag: string
}

export function sealedOf(row: KeyRow): SealedSecret {
  return {
    ciphertext: row.ciphertext,
    keyIv: row.key_iv,
    keyTag: row.key_tag,
    wrappedKey: row.wrapped_key,
    wrapIv: row.wrap_iv,
    wrapTag: row.wrap_tag
  }
}

/** Stores the keys the account has none of yet for their namespace, in one transaction. */
export async function storeKeys(
  db: Database,
  masterKey: Uint8Array,
  accountId: string,
  keys: readonly SubmittedKey[],
  now: number
): Promise<void> {
  const rows = keys.map(key => {
    const address = addressOf(key)
    const sealed = seal(Buffer.from(key.privateKey.slice(2), 'hex'), masterKey, keyContext(accountId, key.namespace))
    return { namespace: key.namespace, address, sealed }
  })
  await db.transaction(async tx => {
    for (const { namespace, address, sealed } of rows) {
      await tx.query(
        `INSERT INTO wallet_keys
           (account_id, namespace, address, ciphertext, key_iv, key_tag, wrapped_key, wrap_iv, wrap_tag, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (account_id, namespace) DO NOTHING`,
        [
          accountId,
          namespace,
          address,
          sealed.ciphertext,
          sealed.keyIv,
          sealed.keyTag,
          sealed.wrappedKey,
          sealed.wrapIv,
          sealed.wrapTag,
          now
        ]
      )
    }
  })
}

/** The account's keys, decrypted, in namespace order ([] for none). */
export async function loadKeys(db: Queryable, masterKey: Uint8Array, accountId: string): Promise<WalletKey[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT namespace, ciphertext, key_iv, key_tag, wrapped_key, wrap_iv, wrap_tag
     FROM wallet_keys WHERE account_id = $1 ORDER BY namespace`,
    [accountId]
  )
  return rows.map(row => {
    const secret = open(sealedOf(row), masterKey, keyContext(accountId, row.namespace))
    return { namespace: row.namespace, privateKey: `0x${secret.toString('hex')}` as Hex }
  })
}
