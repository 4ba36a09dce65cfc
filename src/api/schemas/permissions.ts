import * as z from 'zod/mini'
import { hexAddressSchema } from './common.js'

/**
 * Smart sessions as the wallet RPC carries them (ERC-7715, the subset this kit's smart account
 * enforces on chain, local/chain/contracts/AppKitSmartAccount.sol):
 *   wallet_grantPermissions  [PermissionRequest] -> GrantedPermissions (the request, the account,
 *                            and `context`: what identifies the session from then on)
 *   wallet_revokePermissions [{ context }] -> { signature } (ours: the account's signature of
 *                            revokeSessionMessage(context), which POST /v1/sessions/{id}/revoke takes)
 * One permission per grant: a transfer of the native coin or of one ERC-20 token, up to `allowance`
 * (base units, 0x hex), by the session key `signer` (a secp256k1 public key or an address the app
 * holds the key of), until `expiry` (Unix seconds). No policies.
 */

const quantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'a 0x hex quantity'))
/** An uncompressed secp256k1 public key (65 bytes, 0x04…). */
const publicKeySchema = z
  .string()
  .check(z.regex(/^0x04[0-9a-fA-F]{128}$/, 'an uncompressed secp256k1 public key (0x04 and 64 bytes)'))

export const permissionSignerSchema = z.union([
  z.object({ type: z.literal('key'), data: z.object({ type: z.literal('secp256k1'), publicKey: publicKeySchema }) }),
  z.object({ type: z.literal('account'), data: z.object({ id: hexAddressSchema }) })
])
export type PermissionSigner = z.infer<typeof permissionSignerSchema>

export const transferPermissionSchema = z.union([
  z.object({ type: z.literal('native-token-transfer'), data: z.object({ allowance: quantitySchema }) }),
  z.object({
    type: z.literal('erc20-token-transfer'),
    data: z.object({ address: hexAddressSchema, allowance: quantitySchema })
  })
])
export type TransferPermission = z.infer<typeof transferPermissionSchema>

export const permissionRequestSchema = z.object({
  /** The EVM chain, as 0x hex. */
  chainId: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/, 'a 0x hex chain id')),
  /** The account that grants (the smart account); the active one when absent. */
  address: z.optional(hexAddressSchema),
  /** Unix seconds. */
  expiry: z.number().check(z.int(), z.positive()),
  signer: permissionSignerSchema,
  /** Exactly one. */
  permissions: z.array(transferPermissionSchema).check(z.minLength(1), z.maxLength(1)),
  /** None. */
  policies: z.optional(z.array(z.unknown()).check(z.maxLength(0)))
})
export type PermissionRequest = z.infer<typeof permissionRequestSchema>

export const grantedPermissionsSchema = z.object({
  chainId: z.string(),
  address: hexAddressSchema,
  expiry: z.number(),
  signer: permissionSignerSchema,
  permissions: z.array(transferPermissionSchema).check(z.minLength(1), z.maxLength(1)),
  /** The session's id: 0x, the account (20 bytes), the session key's address (20), a salt (8). */
  context: z.string().check(z.regex(/^0x[0-9a-fA-F]{96}$/, 'a session context (48 bytes of hex)'))
})
export type GrantedPermissions = z.infer<typeof grantedPermissionsSchema>

export const revokePermissionsParamsSchema = z.object({ context: grantedPermissionsSchema.shape.context })

export const revokedPermissionsSchema = z.object({
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex signature'))
})

export interface SessionContext {
  readonly account: `0x${string}`
  readonly key: `0x${string}`
  readonly salt: `0x${string}`
}

/** The session's context: 0x, the account, the session key's address and an 8-byte salt, lower-case. */
export function encodeSessionContext({ account, key, salt }: SessionContext): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{16}$/.test(salt)) throw new Error('A session salt is 8 bytes of hex')
  return `0x${account.slice(2)}${key.slice(2)}${salt.slice(2)}`.toLowerCase() as `0x${string}`
}

/** The parts of a context; throws when it is not one. */
export function decodeSessionContext(context: string): SessionContext {
  const parsed = z.safeParse(grantedPermissionsSchema.shape.context, context)
  if (!parsed.success) throw new Error(`Not a smart session context: ${context.slice(0, 100)}`)
  const hex = context.slice(2).toLowerCase()
  return {
    account: `0x${hex.slice(0, 40)}`,
    key: `0x${hex.slice(40, 80)}`,
    salt: `0x${hex.slice(80)}`
  }
}
