/**
 * The HTTP JSON-RPC methods: each one's positional parameters as a zod schema (parsed before the
 * method runs) and what it returns, in the shapes of an Agave validator.
 */
import { z } from 'zod'
import { VersionedMessage } from '@solana/web3.js'
import { LAMPORTS_PER_SOL } from './accounts.js'
import { SLOTS_PER_EPOCH, type SolanaChain, type TransactionRecord } from './chain.js'
import {
  RpcError,
  decodeMint,
  decodeTokenAccount,
  encodeAccount,
  fromBase58,
  fromBase64,
  isBase58Of,
  isTokenProgram,
  tokenAmount,
  type RawAccount
} from './codec.js'
import { encodeTransactionRecord, innerParsed } from './rpc-transaction.js'

/** The validator version this endpoint imitates (its responses follow Agave 2.2). */
export const SOLANA_CORE_VERSION = '2.2.0'
export const FEATURE_SET = 3_294_202_862
/** The largest airdrop one request may ask for. */
export const MAX_AIRDROP_SOL = 10_000

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
const signature = z.string().refine(v => isBase58Of(v, 64), { error: 'Invalid param: not a base58-encoded signature' })
const blockhash = z.string().refine(v => isBase58Of(v, 32), { error: 'Invalid param: not a base58-encoded blockhash' })
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
const minContextSlot = z.number().int().nonnegative().optional()
const commitmentConfig = z.object({ commitment: commitment.optional(), minContextSlot })
export const accountEncoding = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])
const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
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
const transactionEncoding = z.enum(['json', 'jsonParsed', 'base58', 'base64'])
const noParams = z.tuple([])
const onlyCommitment = z.tuple([commitmentConfig.nullish()])

/* ------------------------------------------------------------------ helpers */

function context(chain: SolanaChain, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot }, value }
}

function checkMinContextSlot(chain: SolanaChain, config: { minContextSlot?: number | undefined } | null | undefined) {
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

/** Token accounts of an owner (or delegate) filtered by mint or by program. */
function tokenAccounts(
  chain: SolanaChain,
  who: string,
  field: 'owner' | 'delegate',
  filter: { mint: string } | { programId: string }
) {
  let program: string
  if ('mint' in filter) {
    const mint = chain.getAccount(filter.mint)
    if (!mint || !decodeMint(mint.owner, mint.data)) throw new RpcError(-32602, 'Invalid param: could not find mint')
    program = mint.owner
  } else {
    if (!isTokenProgram(filter.programId)) throw new RpcError(-32602, 'Invalid param: unrecognized Token program id')
    program = filter.programId
  }
  return chain.getProgramAccounts(program).filter(({ account }) => {
    const token = decodeTokenAccount(account.owner, account.data)
    return token !== null && token[field] === who && (!('mint' in filter) || token.mint === filter.mint)
  })
}

function tokenAccountByAddress(chain: SolanaChain, key: string) {
  const account = chain.getAccount(key)
  const token = account ? decodeTokenAccount(account.owner, account.data) : null
  const decimals = token ? chain.decimalsOf(token.mint) : null
  if (!token || decimals === null) throw new RpcError(-32602, 'Invalid param: not a Token account')
  return { token, decimals }
}

/* ------------------------------------------------------------------ the methods */

const tokenAccountsParams = z.tuple([
  pubkey,
  z.union([z.strictObject({ mint: pubkey }), z.strictObject({ programId: pubkey })]),
  accountConfig.nullish()
])

function tokenAccountsMethod(field: 'owner' | 'delegate') {
  return method(tokenAccountsParams, ([who, filter, config], { chain }) => {
    checkMinContextSlot(chain, config)
    const encoding = config?.encoding ?? 'binary'
    return context(
      chain,
      tokenAccounts(chain, who, field, filter).map(({ pubkey, account }) => ({
        pubkey,
        account: encodeAccount(account, encoding, config?.dataSlice, chain.decimalsOf)
      }))
    )
  })
}

export const httpMethods: Record<string, RpcMethod> = {
  getAccountInfo: method(z.tuple([pubkey, accountConfig.nullish()]), ([key, config], { chain }) => {
    checkMinContextSlot(chain, config)
    const account = chain.getAccount(key)
    return context(
      chain,
      account && encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, chain.decimalsOf)
    )
  }),

  getMultipleAccounts: method(
    z.tuple([z.array(pubkey).max(100), accountConfig.nullish()]),
    ([keys, config], { chain }) => {
      checkMinContextSlot(chain, config)
      return context(
        chain,
        keys.map(key => {
          const account = chain.getAccount(key)
          return account && encodeAccount(account, config?.encoding ?? 'base64', config?.dataSlice, chain.decimalsOf)
        })
      )
    }
  ),

  getProgramAccounts: method(
    z.tuple([
      pubkey,
      accountConfig
        .extend({
          filters: z.array(programFilter).max(4).optional(),
          withContext: z.boolean().optional(),
          sortResults: z.boolean().optional()
        })
        .nullish()
    ]),
    ([program, config], { chain }) => {
      checkMinContextSlot(chain, config)
      const list = chain
        .getProgramAccounts(program)
        .filter(({ account }) => passesFilters(account, config?.filters))
        .map(({ pubkey, account }) => ({
          pubkey,
          account: encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, chain.decimalsOf)
        }))
      return config?.withContext ? context(chain, list) : list
    }
  ),

  getBalance: method(z.tuple([pubkey, commitmentConfig.nullish()]), ([key, config], { chain }) => {
    checkMinContextSlot(chain, config)
    return context(chain, Number(chain.getAccount(key)?.lamports ?? 0n))
  }),

  getLatestBlockhash: method(onlyCommitment, ([config], { chain }) => {
    checkMinContextSlot(chain, config)
    return context(chain, chain.latestBlockhash())
  }),

  isBlockhashValid: method(z.tuple([blockhash, commitmentConfig.nullish()]), ([hash, config], { chain }) => {
    checkMinContextSlot(chain, config)
    return context(chain, chain.isBlockhashValid(hash))
  }),

  getFeeForMessage: method(z.tuple([z.string(), commitmentConfig.nullish()]), ([text, config], { chain }) => {
    checkMinContextSlot(chain, config)
    let message: VersionedMessage
    try {
      message = VersionedMessage.deserialize(fromBase64(text))
    } catch {
      throw new RpcError(-32602, 'Invalid params: the message is not a base64-encoded transaction message')
    }
    return context(chain, chain.feeForMessage(message))
  }),

  getMinimumBalanceForRentExemption: method(
    z.tuple([
      z
        .number()
        .int()
        .nonnegative()
        .max(10 * 1024 * 1024),
      commitmentConfig.nullish()
    ]),
    ([size], { chain }) => Number(chain.svm.minimumBalanceForRentExemption(BigInt(size)))
  ),

  getSlot: method(onlyCommitment, ([config], { chain }) => {
    checkMinContextSlot(chain, config)
    return chain.slot
  }),

  getBlockHeight: method(onlyCommitment, ([config], { chain }) => {
    checkMinContextSlot(chain, config)
    return chain.slot
  }),

  getEpochInfo: method(onlyCommitment, ([config], { chain }) => {
    checkMinContextSlot(chain, config)
    return {
      absoluteSlot: chain.slot,
      blockHeight: chain.slot,
      epoch: Math.floor(chain.slot / SLOTS_PER_EPOCH),
      slotIndex: chain.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: chain.transactionCount
    }
  }),

  getEpochSchedule: method(noParams, () => ({
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    slotsPerEpoch: SLOTS_PER_EPOCH,
    warmup: false
  })),

  getVersion: method(noParams, () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET })),
  getGenesisHash: method(noParams, (_, { chain }) => chain.genesisHash),
  getHealth: method(noParams, () => 'ok'),
  getIdentity: method(noParams, (_, { identity }) => ({ identity })),
  getClusterNodes: method(noParams, (_, { identity, rpcAddress, pubsubAddress }) => [
    {
      featureSet: FEATURE_SET,
      gossip: null,
      pubkey: identity,
      pubsub: pubsubAddress,
      rpc: rpcAddress,
      shredVersion: 0,
      tpu: null,
      tpuQuic: null,
      version: SOLANA_CORE_VERSION
    }
  ]),
  getFirstAvailableBlock: method(noParams, () => 0),
  minimumLedgerSlot: method(noParams, () => 0),
  getTransactionCount: method(onlyCommitment, (_, { chain }) => chain.transactionCount),
  getStakeMinimumDelegation: method(onlyCommitment, (_, { chain }) => context(chain, 1)),

  getBlockTime: method(z.tuple([z.number().int().nonnegative()]), ([slot], { chain }) => {
    if (slot > chain.tick()) throw new RpcError(-32004, `Block not available for slot ${slot}`)
    return chain.blockTimeOf(slot)
  }),

  getRecentPrioritizationFees: method(z.tuple([z.array(pubkey).max(128).nullish()]), (_, { chain }) => [
    { slot: chain.tick(), prioritizationFee: 0 }
  ]),

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
  ),

  getTokenAccountsByOwner: tokenAccountsMethod('owner'),
  getTokenAccountsByDelegate: tokenAccountsMethod('delegate'),

  getTokenAccountBalance: method(z.tuple([pubkey, commitmentConfig.nullish()]), ([key, config], { chain }) => {
    checkMinContextSlot(chain, config)
    const { token, decimals } = tokenAccountByAddress(chain, key)
    return context(chain, tokenAmount(token.amount, decimals))
  }),

  getTokenSupply: method(z.tuple([pubkey, commitmentConfig.nullish()]), ([key, config], { chain }) => {
    checkMinContextSlot(chain, config)
    const account = chain.getAccount(key)
    const mint = account ? decodeMint(account.owner, account.data) : null
    if (!mint) throw new RpcError(-32602, 'Invalid param: not a Token mint')
    return context(chain, tokenAmount(mint.supply, mint.decimals))
  }),

  getTokenLargestAccounts: method(z.tuple([pubkey, commitmentConfig.nullish()]), ([key, config], { chain }) => {
    checkMinContextSlot(chain, config)
    const account = chain.getAccount(key)
    const mint = account ? decodeMint(account.owner, account.data) : null
    if (!account || !mint) throw new RpcError(-32602, 'Invalid param: not a Token mint')
    const holders = chain
      .getProgramAccounts(account.owner)
      .map(({ pubkey, account: held }) => ({ pubkey, token: decodeTokenAccount(held.owner, held.data) }))
      .filter(entry => entry.token?.mint === key)
      .sort((a, b) => (a.token!.amount < b.token!.amount ? 1 : a.token!.amount > b.token!.amount ? -1 : 0))
      .slice(0, 20)
    return context(
      chain,
      holders.map(({ pubkey, token }) => ({ address: pubkey, ...tokenAmount(token!.amount, mint.decimals) }))
    )
  })
}
