import * as z from 'zod/mini'
import { accountAddressSchema, untrustedUrlSchema } from './common.js'

/** GET /v1/identity/{address}?sender=: the name and avatar of an address (null when it has none). */
export const identityQuerySchema = z.object({
  /** The asking (connected) address, when there is one. */
  sender: z.optional(accountAddressSchema)
})
export type IdentityQuery = z.infer<typeof identityQuerySchema>

export const identityResponseSchema = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(untrustedUrlSchema)
})
export type IdentityResponse = z.infer<typeof identityResponseSchema>
