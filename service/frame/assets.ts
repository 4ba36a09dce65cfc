// wallet_getAssets (docs/behaviour.md sections 3 and 7; EIP-7811): the account's assets, answered here from the
// backend's balances (GET /frame-api/balance, service/frame/backend.ts), never forwarded to a chain node,
// which does not implement it. Params: [{ account, assetFilter?, assetTypeFilter?, chainFilter? }];
// the result is keyed by hex chain id, each asset in the spec's shape: address (the token contract,
// 'native' for the chain's coin, as EIP-7811 spells it), balance (hex, smallest units), type ERC20 or
// NATIVE, metadata (name, symbol, decimals, value, price, iconUrl).
//   assetFilter      only the assets it lists (chain, address, type), whatever the other filters say
//   assetTypeFilter  only these types ('erc20', 'native', in either case)
//   chainFilter      only these chains (hex ids)
// Only the wallet's own accounts (its EOA, its smart account) are answered for.
import * as z from 'zod/mini'
import type { TokenBalance, WalletAsset } from '../../src/api/schemas/balance.js'

export const NOT_OUR_ACCOUNT = 'wallet_getAssets: the account is not one of this wallet’s'
export const BAD_ASSETS_REQUEST =
  'wallet_getAssets: expected [{ account, assetFilter?, assetTypeFilter?, chainFilter? }]'

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))
const entriesSchema = z.array(z.object({ address: z.string(), type: z.string() }))
const requestSchema = z.object({
  account: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  assetFilter: z.optional(z.record(hex, entriesSchema)),
  assetTypeFilter: z.optional(z.array(z.string())),
  chainFilter: z.optional(z.array(hex))
})

export type AssetsByChain = Record<`0x${string}`, WalletAsset[]>

/** `numeric` ("1.5", the backend's decimal string) in smallest units: what viem's parseUnits gives, without its chunk. */
function smallestUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
}

/** The asset a backend balance is, with its hex chain id; undefined off EVM chains. */
export function toWalletAsset(balance: TokenBalance): { chain: `0x${string}`; asset: WalletAsset } | undefined {
  const [namespace, reference] = balance.chainId.split(':')
  if (namespace !== 'eip155' || !reference) return undefined
  const decimals = Number(balance.quantity.decimals)
  const contract = balance.address?.split(':')[2]
  const asset: WalletAsset = {
    address: contract ?? 'native',
    balance: `0x${smallestUnits(balance.quantity.numeric, decimals).toString(16)}`,
    type: contract ? 'ERC20' : 'NATIVE',
    metadata: {
      name: balance.name,
      symbol: balance.symbol,
      decimals,
      ...(balance.value === undefined ? {} : { value: balance.value }),
      price: balance.price,
      ...(balance.iconUrl ? { iconUrl: balance.iconUrl } : {})
    }
  }
  return { chain: `0x${BigInt(reference).toString(16)}`, asset }
}

const sameHex = (a: string, b: string) => BigInt(a) === BigInt(b)
const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export interface AssetsContext {
  /** The wallet's addresses that may be asked about (the EOA, and the smart account in use). */
  readonly accounts: readonly string[]
  /** The backend's balances of `address` on every chain it reads. */
  balances(address: string): Promise<readonly TokenBalance[]>
}

/** The answer to wallet_getAssets for `params` (the request's params, an array of one object). */
export async function walletAssets(params: unknown, context: AssetsContext): Promise<AssetsByChain> {
  const parsed = requestSchema.safeParse(Array.isArray(params) ? params[0] : params)
  if (!parsed.success) throw new Error(BAD_ASSETS_REQUEST)
  const { account, assetFilter, assetTypeFilter, chainFilter } = parsed.data
  if (!context.accounts.some(address => sameText(address, account))) throw new Error(NOT_OUR_ACCOUNT)
  const wanted = (chain: `0x${string}`, asset: WalletAsset): boolean => {
    if (assetFilter) {
      return Object.entries(assetFilter).some(
        ([filterChain, entries]) =>
          sameHex(filterChain, chain) &&
          entries.some(entry => sameText(entry.address, asset.address) && sameText(entry.type, asset.type))
      )
    }
    if (chainFilter && !chainFilter.some(filterChain => sameHex(filterChain, chain))) return false
    return !assetTypeFilter || assetTypeFilter.some(type => sameText(type, asset.type))
  }
  const result: AssetsByChain = {}
  for (const balance of await context.balances(account)) {
    const entry = toWalletAsset(balance)
    if (!entry || !wanted(entry.chain, entry.asset)) continue
    ;(result[entry.chain] ??= []).push(entry.asset)
  }
  return result
}
