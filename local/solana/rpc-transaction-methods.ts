/**
 * The local Solana RPC's transaction methods (part of httpMethods, rpc-methods.ts): airdrops,
 * sending and simulating a transaction, its status, the transaction itself, and an address's
 * signatures, in the shapes of an Agave validator.
 */
import { z } from 'zod'
import { LAMPORTS_PER_SOL } from './accounts.js'
import type { TransactionRecord } from './chain.js'
import { RpcError, encodeAccount, fromBase58, fromBase64 } from './codec.js'
import {
  accountEncoding,
  checkMinContextSlot,
  commitment,
  commitmentConfig,
  context,
  method,
  minContextSlot,
  pubkey,
  signature,
  transactionEncoding,
  type RpcMethod
} from './rpc-params.js'
import { encodeTransactionRecord, innerParsed } from './rpc-transaction.js'

/** The largest airdrop one request may ask for. */
export const MAX_AIRDROP_SOL = 10_000

function decodeWire(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  try {
    return encoding === 'base64' ? fromBase64(text) : fromBase58(text)
  } catch {
    throw new RpcError(-32602, `Invalid params: the transaction is not valid ${encoding}`)
  }
}

function signatureStatus(record: TransactionRecord | undefined) {
  if (!record) return null
  return {
    confirmationStatus: 'finalized',
    confirmations: null,
    err: record.err,
    slot: record.slot,
    status: record.err === null ? { Ok: null } : { Err: record.err }
  }
}

export const transactionMethods: Record<string, RpcMethod> = {
  requestAirdrop: method(
    z.tuple([
      pubkey,
      z
        .number()
        .int()
        .positive()
        .max(MAX_AIRDROP_SOL * LAMPORTS_PER_SOL),
      commitmentConfig.nullish()
    ]),
    ([to, lamports], { chain }) => chain.airdrop(to, BigInt(lamports))
  ),

  sendTransaction: method(
    z.tuple([
      z.string(),
      z
        .object({
          encoding: z.enum(['base58', 'base64']).optional(),
          skipPreflight: z.boolean().optional(),
          preflightCommitment: commitment.optional(),
          maxRetries: z.number().int().nonnegative().optional(),
          minContextSlot
        })
        .nullish()
    ]),
    ([text, config], { chain }) => {
      checkMinContextSlot(chain, config)
      return chain.send(decodeWire(text, config?.encoding ?? 'base58'), {
        skipPreflight: config?.skipPreflight ?? false
      })
    }
  ),

  simulateTransaction: method(
    z.tuple([
      z.string(),
      z
        .object({
          encoding: z.enum(['base58', 'base64']).optional(),
          sigVerify: z.boolean().optional(),
          replaceRecentBlockhash: z.boolean().optional(),
          commitment: commitment.optional(),
          accounts: z.object({ encoding: accountEncoding.optional(), addresses: z.array(pubkey).max(100) }).optional(),
          minContextSlot,
          innerInstructions: z.boolean().optional()
        })
        .nullish()
    ]),
    ([text, config], { chain }) => {
      checkMinContextSlot(chain, config)
      const sigVerify = config?.sigVerify ?? false
      const replaceRecentBlockhash = config?.replaceRecentBlockhash ?? false
      if (sigVerify && replaceRecentBlockhash) {
        throw new RpcError(-32602, 'Invalid params: sigVerify may not be used with replaceRecentBlockhash')
      }
      const outcome = chain.simulate(decodeWire(text, config?.encoding ?? 'base58'), {
        sigVerify,
        replaceRecentBlockhash
      })
      const wanted = config?.accounts
      return context(chain, {
        accounts: wanted
          ? wanted.addresses.map(key => {
              const account = outcome.postAccounts.get(key) ?? chain.getAccount(key)
              return account && encodeAccount(account, wanted.encoding ?? 'base64', undefined, chain.decimalsOf)
            })
          : null,
        err: outcome.err,
        fee: outcome.fee,
        innerInstructions: config?.innerInstructions ? innerParsed(outcome.innerInstructions, outcome.keys.all) : null,
        loadedAccountsDataSize: 0,
        logs: outcome.logs,
        replacementBlockhash: outcome.replacementBlockhash,
        returnData: outcome.returnData && {
          programId: outcome.returnData.programId,
          data: [Buffer.from(outcome.returnData.data).toString('base64'), 'base64']
        },
        unitsConsumed: outcome.unitsConsumed
      })
    }
  ),

  getSignatureStatuses: method(
    z.tuple([z.array(signature).max(256), z.object({ searchTransactionHistory: z.boolean().optional() }).nullish()]),
    ([signatures], { chain }) => {
      chain.tick()
      return context(
        chain,
        signatures.map(s => signatureStatus(chain.getTransaction(s)))
      )
    }
  ),

  getTransaction: method(
    z.tuple([
      signature,
      z
        .union([
          transactionEncoding,
          z.object({
            encoding: transactionEncoding.optional(),
            commitment: commitment.optional(),
            maxSupportedTransactionVersion: z.number().int().nonnegative().optional()
          })
        ])
        .nullish()
    ]),
    ([sig, config], { chain }) => {
      const options = typeof config === 'string' ? { encoding: config } : (config ?? {})
      if (options.commitment === 'processed') {
        throw new RpcError(-32602, 'Invalid params: Method does not support commitment below `confirmed`')
      }
      const record = chain.getTransaction(sig)
      return record
        ? encodeTransactionRecord(record, options.encoding ?? 'json', options.maxSupportedTransactionVersion)
        : null
    }
  ),

  getSignaturesForAddress: method(
    z.tuple([
      pubkey,
      z
        .object({
          limit: z.number().int().min(1).max(1000).optional(),
          before: signature.optional(),
          until: signature.optional(),
          commitment: commitment.optional(),
          minContextSlot
        })
        .nullish()
    ]),
    ([key, config], { chain }) => {
      checkMinContextSlot(chain, config)
      return chain
        .signaturesForAddress(key, { limit: config?.limit ?? 1000, before: config?.before, until: config?.until })
        .map(record => ({
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
          err: record.err,
          memo: record.memo,
          signature: record.signature,
          slot: record.slot
        }))
    }
  )
}
