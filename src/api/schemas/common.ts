import * as z from 'zod/mini'

/**
 * Wire primitives shared by every API area. Bigints travel as decimal strings; amounts shown to
 * people as decimal strings with an optional fraction; chain ids as CAIP-2 (`eip155:1`), token and
 * account ids as CAIP-10 (`eip155:1:0xabc...`).
 */

/** An unsigned integer as a decimal string: how a bigint travels (wei, lamports, token units). */
export const uintStringSchema = z.string().check(z.regex(/^\d+$/, 'an unsigned integer as a decimal string'))

/** A non-negative decimal amount as a string, such as "10.00" or "0.5". */
export const decimalStringSchema = z
  .string()
  .check(z.regex(/^\d+(\.\d+)?$/, 'a non-negative decimal number as a string such as "10.00"'))

/**
 * A token's decimals: ERC-20's decimals() and an SPL mint's decimals are a uint8, 0 to 255. Bounded
 * because every amount of the token is padded to that many digits (formatUnits, parseAmount): a
 * response saying 1,000,000,000 would hang the page or throw a RangeError (found by test/fuzz).
 */
export const TOKEN_DECIMALS_MAX = 255
export const tokenDecimalsSchema = z.number().check(z.int(), z.nonnegative(), z.lte(TOKEN_DECIMALS_MAX))

/** 0x-prefixed hex data (calldata, signatures, hashes); may be just "0x". */
export const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'hex data starting with 0x'))

/** An EVM address: 40 hex digits with an optional 0x prefix (docs/behaviour.md section 5). */
export const evmAddressSchema = z.string().check(z.regex(/^(0x)?[0-9a-fA-F]{40}$/, 'an EVM address of 40 hex digits'))

/** An EVM address as it appears in a transaction: 0x and 40 hex digits. */
export const hexAddressSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed EVM address of 40 hex digits'))

/** A Solana address: 32 to 44 base58 characters (docs/behaviour.md section 5). */
export const solanaAddressSchema = z
  .string()
  .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a Solana address of 32-44 base58 characters'))

/** An account address on any supported namespace (EVM, Solana, or Bitcoin segwit form). */
export const accountAddressSchema = z
  .string()
  .check(
    z.regex(
      /^(?:(?:0x)?[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44}|(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/,
      'an EVM address (40 hex digits), a Solana address (32-44 base58 characters) or a Bitcoin segwit address (bc1, tb1, bcrt1)'
    )
  )

/** A CAIP-2 chain id such as "eip155:1" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp". */
export const caip2Schema = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id such as "eip155:1"'))

/** A CAIP-10 account or token id such as "eip155:1:0xabc...". */
export const caip10Schema = z
  .string()
  .check(
    z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'a CAIP-10 id such as "eip155:1:0xabc..."')
  )

/**
 * An ISO 8601 date-time with Z or an offset ('2026-11-20T12:00:00.000Z'), a real date. A regular
 * expression and Date.parse rather than z.iso.datetime: the kit's first load already holds both,
 * and zod's date-time module would join it (its shared zod chunk holds every zod module in use).
 */
export const isoDateTimeSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/, 'an ISO 8601 date-time'),
  z.refine(value => !Number.isNaN(Date.parse(value)), 'an ISO 8601 date-time')
)

/** A query-string flag: "true"/"false"/"1"/"0" in, boolean out (server side). */
export const queryBooleanSchema = z.stringbool()

/** A query-string integer >= 1 (server side). */
export const queryPositiveIntSchema = z.coerce.number().check(z.int('a whole number'), z.gte(1, 'at least 1'))

/** A comma-separated query list ("a,b,c") in, a string array out; empty items dropped. */
export const queryListSchema = z.pipe(
  z.string(),
  z.transform(value =>
    value
      .split(',')
      .map(item => item.trim())
      .filter(item => item.length > 0)
  )
)

/** An image or link as it came from a server: untrusted, checked with isSafeUrl before use. */
export const untrustedUrlSchema = z.string()

/** The body of an error response from the reference backend (400 and friends). */
export const apiErrorBodySchema = z.object({ message: z.string(), code: z.optional(z.string()) })
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>

/** The body of a call that only reports success (register name, revoke session). */
export const successResponseSchema = z.object({ success: z.boolean() })
export type SuccessResponse = z.infer<typeof successResponseSchema>

/** Path parameter `{address}` of the account, identity and balance paths. */
export const addressPathSchema = z.object({ address: accountAddressSchema })

/**
 * What the kit's HTTP client adds to every call (docs/behaviour.md section 7): sdk type `st`, sdk version
 * `sv`, `projectId`, and the client's `clientId`. Area query schemas do not repeat these; a server
 * parses them once with this schema.
 */
export const sdkQuerySchema = z.object({
  projectId: z.string().check(z.minLength(1, 'a project id')),
  st: z.string().check(z.minLength(1, 'the sdk type')),
  sv: z.string().check(z.minLength(1, 'the sdk version')),
  clientId: z.optional(z.string())
})
export type SdkQuery = z.infer<typeof sdkQuerySchema>
