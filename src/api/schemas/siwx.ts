import * as z from 'zod/mini'

/**
 * Sign-in with X (CAIP-122) sessions (docs/behaviour.md section 3, sign-in session): what the kit's SIWX
 * implementations keep and what the reference backend's /v1/siwx routes take and answer. Times are
 * ISO 8601 strings, as the messages carry them.
 */

/**
 * One line of text: every field of a sign-in message is one line of its text (EIP-4361's grammar has
 * no line break inside a field), so a line break in one would let two different data write the same
 * message ('resources: ["a\n- b"]' and '["a", "b"]'), one signature then verifying both (found by test/fuzz).
 */
const oneLine = (what: string) => z.string().check(z.regex(/^[^\r\n]*$/, `${what} on one line`))

const isoTimeSchema = z.string().check(
  z.regex(/^[^\r\n]*$/, 'an ISO 8601 date and time'),
  z.refine(value => !Number.isNaN(Date.parse(value)), 'an ISO 8601 date and time')
)

/**
 * A CAIP-2 chain id of a namespace that signs in: eip155 (EIP-4361), solana (Sign In With Solana)
 * or bip122 (CAIP-122 with BIP-322). A Solana reference is the first 32 characters of the genesis
 * hash (CAIP-30): never a cluster name such as 'mainnet', which the message's Chain ID line writes
 * for the known clusters (found by test/fuzz). A Bitcoin reference is the first 32 hex digits of
 * the genesis block's hash, lower case (CAIP-4).
 */
export const siwxChainIdSchema = z
  .string()
  .check(
    z.regex(
      /^(eip155:\d+|solana:[1-9A-HJ-NP-Za-km-z]{32}|bip122:[0-9a-f]{32})$/,
      'a CAIP-2 eip155, solana or bip122 chain id'
    )
  )

/** The fields of a sign-in message (docs/behaviour.md section 3: the sign-in session's data). */
export const siwxMessageDataSchema = z.object({
  accountAddress: oneLine('the account address').check(z.minLength(1)),
  chainId: siwxChainIdSchema,
  domain: oneLine('the domain').check(z.minLength(1)),
  uri: oneLine('the URI').check(z.minLength(1)),
  version: z.literal('1'),
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,}$/, 'at least 8 letters or digits')),
  issuedAt: isoTimeSchema,
  expirationTime: z.optional(isoTimeSchema),
  notBefore: z.optional(isoTimeSchema),
  requestId: z.optional(oneLine('the request id')),
  resources: z.optional(z.array(oneLine('each resource'))),
  statement: z.optional(oneLine('the statement'))
})
export type SiwxMessageData = z.infer<typeof siwxMessageDataSchema>

/** A CAIP-74 CACAO, as WalletConnect's one-click authentication returns it. */
export const cacaoSchema = z.object({
  h: z.object({ t: z.string() }),
  p: z.record(z.string(), z.unknown()),
  s: z.object({ t: z.string(), s: z.string(), m: z.optional(z.string()) })
})
export type Cacao = z.infer<typeof cacaoSchema>

/** A session: the data, the exact message text signed, and the signature (0x hex on EVM, base58 on Solana, base64 on Bitcoin). */
export const siwxSessionSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string().check(z.minLength(1)),
  signature: z.string().check(z.minLength(1)),
  cacao: z.optional(cacaoSchema)
})
export type SiwxSession = z.infer<typeof siwxSessionSchema>

/** POST /v1/siwx/nonce (ours): a fresh nonce, valid for one sign-in. */
export const siwxNonceResponseSchema = z.object({ nonce: z.string(), expiresAt: isoTimeSchema })
export type SiwxNonceResponse = z.infer<typeof siwxNonceResponseSchema>

/** POST /v1/siwx/sessions (ours): the body is a session; the answer its id and a bearer token. */
export const siwxCreateSessionBodySchema = siwxSessionSchema
export const siwxStoredSessionSchema = z.object({ id: z.string(), session: siwxSessionSchema })
export type SiwxStoredSession = z.infer<typeof siwxStoredSessionSchema>
export const siwxCreateSessionResponseSchema = z.object({
  id: z.string(),
  token: z.string(),
  session: siwxSessionSchema
})
export type SiwxCreateSessionResponse = z.infer<typeof siwxCreateSessionResponseSchema>

/** GET /v1/siwx/sessions?chainId=&address= (ours, bearer token): the caller's current sessions. */
export const siwxSessionsQuerySchema = z.object({
  chainId: siwxChainIdSchema,
  address: z.string().check(z.minLength(1))
})
export const siwxSessionsResponseSchema = z.object({ sessions: z.array(siwxStoredSessionSchema) })
export type SiwxSessionsResponse = z.infer<typeof siwxSessionsResponseSchema>
