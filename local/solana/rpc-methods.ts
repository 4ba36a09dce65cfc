/**
 * The HTTP JSON-RPC methods: each one's positional parameters as a zod schema (parsed before the
 * method runs) and what it returns, in the shapes of an Agave validator. The transaction methods
 * are in rpc-transaction-methods.ts, what all methods share in rpc-params.ts.
 */
import { z } from 'zod'
import { VersionedMessage } from '@solana/web3.js'
import { SLOTS_PER_EPOCH, type SolanaChain } from './chain.js'
import {
  RpcError,
  decodeMint,
  decodeTokenAccount,
  encodeAccount,
  fromBase64,
  isTokenProgram,
  tokenAmount
} from './codec.js'
import {
  SOLANA_CORE_VERSION,
  accountConfig,
  blockhash,
  checkMinContextSlot,
  commitmentConfig,
  context,
  method,
  noParams,
  onlyCommitment,
  passesFilters,
  programFilter,
  pubkey,
  type RpcMethod
} from './rpc-params.js'
import { transactionMethods } from './rpc-transaction-methods.js'

export const FEATURE_SET = 3_294_202_862

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

  ...transactionMethods,

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
