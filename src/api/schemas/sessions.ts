import * as z from 'zod/mini'
import { hexSchema, successResponseSchema } from './common.js'

/**
 * Smart sessions (ERC-7715 permissions granted to an app), by permission context id (pci).
 * GET /v1/sessions/{id}: `id` is the account's CAIP-10 id; response ours ("not shown"): { pcis }.
 * POST /v1/sessions/{id}/revoke: body { pci, signature }; response ours: { success }.
 */
export const sessionPermissionSchema = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown())
})
export type SessionPermission = z.infer<typeof sessionPermissionSchema>

export const smartSessionSchema = z.object({
  pci: z.string().check(z.minLength(1)),
  projectId: z.optional(z.string()),
  /** Unix seconds. */
  createdAt: z.number(),
  expiry: z.number(),
  revokedAt: z.nullable(z.number()),
  permissions: z.array(sessionPermissionSchema),
  context: z.optional(hexSchema)
})
export type SmartSession = z.infer<typeof smartSessionSchema>

export const sessionsResponseSchema = z.object({ pcis: z.array(smartSessionSchema) })
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>

export const revokeSessionBodySchema = z.object({
  pci: z.string().check(z.minLength(1)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex signature'))
})
export type RevokeSessionBody = z.infer<typeof revokeSessionBodySchema>

export const revokeSessionResponseSchema = successResponseSchema
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponseSchema>

/**
 * The message an account signs (personal_sign / EIP-191) to revoke a session: the backend checks
 * that `signature` is the account's signature of this text before it marks the session revoked.
 */
export const revokeSessionMessage = (pci: string) => `Revoke smart session ${pci}`

/**
 * POST /v1/sessions/{id} (ours, not in the spec): records a session a wallet granted
 * (wallet_grantPermissions) for the account `id`; `pci` is generated when absent. Answers the
 * stored session.
 */
export const createSessionBodySchema = z.object({
  pci: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Unix seconds. */
  expiry: z.number().check(z.int(), z.positive()),
  permissions: z.array(sessionPermissionSchema),
  context: z.optional(hexSchema)
})
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>

export const createSessionResponseSchema = smartSessionSchema
