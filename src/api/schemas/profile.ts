import * as z from 'zod/mini'
import { accountAddressSchema, successResponseSchema } from './common.js'

/**
 * Names (docs/behaviour.md section 7, profile paths). A name is "label.suffix" (suffixes are backend
 * configuration, docs/behaviour.md section 11); the label has letters, digits and hyphens, at least 4 characters.
 * Addresses are keyed by SLIP-44/ENSIP-11 coin type as a decimal string ("60" for Ethereum).
 */
export const NAME_LABEL_PATTERN = /^[a-zA-Z0-9-]{4,}$/

export const profileNameSchema = z.string().check(z.minLength(1), z.maxLength(255))

/** GET /v1/profile/account/{name}?apiVersion=2 and GET /v1/profile/reverse/{address}?sender=&apiVersion=2 */
export const profileApiVersionSchema = z.literal('2')

export const profileAccountQuerySchema = z.object({ apiVersion: profileApiVersionSchema })
export type ProfileAccountQuery = z.infer<typeof profileAccountQuerySchema>

export const profileReverseQuerySchema = z.object({
  sender: z.optional(accountAddressSchema),
  apiVersion: profileApiVersionSchema
})
export type ProfileReverseQuery = z.infer<typeof profileReverseQuerySchema>

export const profileAddressSchema = z.object({ address: z.string() })

export const profileSchema = z.object({
  name: profileNameSchema,
  /** Unix seconds. */
  registered: z.number(),
  updated: z.optional(z.number()),
  addresses: z.record(z.string().check(z.regex(/^\d+$/, 'a coin type')), profileAddressSchema),
  attributes: z.record(z.string(), z.string())
})
export type Profile = z.infer<typeof profileSchema>

/** GET /v1/profile/account/{name}: one profile. */
export const profileAccountResponseSchema = profileSchema
export type ProfileAccountResponse = Profile

/** GET /v1/profile/reverse/{address}: every name of the address, newest first (ours: "not shown"). */
export const profileReverseResponseSchema = z.array(profileSchema)
export type ProfileReverseResponse = z.infer<typeof profileReverseResponseSchema>

/** GET /v1/profile/suggestions/{name}?zone=: available and taken names near the one asked for. */
export const profileSuggestionsQuerySchema = z.object({ zone: z.optional(z.string().check(z.minLength(1))) })
export type ProfileSuggestionsQuery = z.infer<typeof profileSuggestionsQuerySchema>

export const profileSuggestionSchema = z.object({ name: profileNameSchema, registered: z.boolean() })
export type ProfileSuggestion = z.infer<typeof profileSuggestionSchema>

export const profileSuggestionsResponseSchema = z.object({ suggestions: z.array(profileSuggestionSchema) })
export type ProfileSuggestionsResponse = z.infer<typeof profileSuggestionsResponseSchema>

/**
 * POST /v1/profile/account: `message` is the JSON text of a RegisterNameMessage, signed by
 * `address` (personal_sign); the backend verifies the signature against the address.
 */
export const registerNameBodySchema = z.object({
  coin_type: z.number().check(z.int(), z.nonnegative()),
  address: accountAddressSchema,
  message: z.string().check(z.minLength(1)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex signature'))
})
export type RegisterNameBody = z.infer<typeof registerNameBodySchema>

/** What the signed `message` of a registration says. `timestamp` is Unix milliseconds. */
export const registerNameMessageSchema = z.object({
  name: profileNameSchema,
  attributes: z.optional(z.record(z.string(), z.string())),
  timestamp: z.number().check(z.int(), z.positive())
})
export type RegisterNameMessage = z.infer<typeof registerNameMessageSchema>

export const registerNameResponseSchema = successResponseSchema
export type RegisterNameResponse = z.infer<typeof registerNameResponseSchema>
