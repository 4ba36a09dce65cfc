/**
 * What every JSON-RPC method of the local Solana RPC (rpc-methods.ts, rpc-transaction-methods.ts,
 * rpc-subscriptions.ts) is made of: the context it runs in, method() (positional parameters as a
 * zod schema, parsed before the method runs), the parameter schemas the methods share, and the
 * result context, minContextSlot and program filter rules of an Agave validator.
 */
import { z } from 'zod'
import type { SolanaChain } from './chain.js'
import { RpcError, fromBase58, fromBase64, isBase58Of, type RawAccount } from './codec.js'

/** The validator version this endpoint imitates (its responses follow Agave 2.2). */
export const SOLANA_CORE_VERSION = '2.2.0'

export interface RpcContext {
  chain: SolanaChain
  /** This node's identity (getIdentity, getClusterNodes). */
  identity: string
  /** `host:port` of the HTTP and websocket endpoints (getClusterNodes). */
  rpcAddress: string
  pubsubAddress: string
}

export interface RpcMethod {
  params: z.ZodType
  run: (params: never, context: RpcContext) => unknown
}

/** A method: its parameters' schema and a handler typed from it. */
export function method<S extends z.ZodType>(
  params: S,
  run: (params: z.infer<S>, context: RpcContext) => unknown
): RpcMethod {
  return { params, run: run as RpcMethod['run'] }
}

/* ------------------------------------------------------------------ parameter schemas */

export const pubkey = z
  .string()
  .refine(v => isBase58Of(v, 32), { error: 'Invalid param: not a base58-encoded public key' })
export const signature = z
  .string()
  .refine(v => isBase58Of(v, 64), { error: 'Invalid param: not a base58-encoded signature' })
export const blockhash = z
  .string()
  .refine(v => isBase58Of(v, 32), { error: 'Invalid param: not a base58-encoded blockhash' })
export const commitment = z.enum([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max'
])
export const minContextSlot = z.number().int().nonnegative().optional()
export const commitmentConfig = z.object({ commitment: commitment.optional(), minContextSlot })
export const accountEncoding = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])
export const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
export const accountConfig = commitmentConfig.extend({
  encoding: accountEncoding.optional(),
  dataSlice: dataSlice.optional()
})
export const programFilter = z.union([
  z.object({ dataSize: z.number().int().nonnegative() }),
  z.object({
    memcmp: z.object({
      offset: z.number().int().nonnegative(),
      bytes: z.string().max(200),
      encoding: z.enum(['base58', 'base64']).optional()
    })
  })
])
export const transactionEncoding = z.enum(['json', 'jsonParsed', 'base58', 'base64'])
export const noParams = z.tuple([])
export const onlyCommitment = z.tuple([commitmentConfig.nullish()])

/** A result with its context (the slot it was read at). */
export function context(chain: SolanaChain, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot }, value }
}

/** Advances the clock; refuses a request whose minContextSlot is ahead of it. */
export function checkMinContextSlot(
  chain: SolanaChain,
  config: { minContextSlot?: number | undefined } | null | undefined
) {
  chain.tick()
  if (config?.minContextSlot !== undefined && config.minContextSlot > chain.slot) {
    throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: chain.slot })
  }
}

/** True when an account passes getProgramAccounts/programSubscribe filters. */
export function passesFilters(account: RawAccount, filters: z.infer<typeof programFilter>[] | undefined): boolean {
  return (filters ?? []).every(filter => {
    if ('dataSize' in filter) return account.data.length === filter.dataSize
    const { offset, bytes, encoding } = filter.memcmp
    let wanted: Uint8Array
    try {
      wanted = encoding === 'base64' ? fromBase64(bytes) : fromBase58(bytes)
    } catch {
      throw new RpcError(-32602, `Invalid params: memcmp bytes are not ${encoding ?? 'base58'}`)
    }
    const slice = account.data.subarray(offset, offset + wanted.length)
    return slice.length === wanted.length && slice.every((b, i) => b === wanted[i])
  })
}
