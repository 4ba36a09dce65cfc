// GET /v1/account/{address}/balance: the native balance and the balances of the chain's listed
// ERC-20 tokens, read from the chains, priced in USD from the pools. Answers are cached per
// address and chain for a short time (BALANCE_TTL_MS); `forceUpdate` reads again, and the indexer
// drops an address's entries as soon as it sees a transaction that concerns it.
import { erc20Abi, formatUnits, type Address } from 'viem'
import type { TokenBalance } from '../../../src/api/schemas/index.js'
import { roundUsd, toNumber, type ChainReader } from './reader.js'
import { NATIVE_TOKEN_ADDRESS } from './setup.js'

export const BALANCE_TTL_MS = 10_000

interface RawBalance {
  name: string
  symbol: string
  /** undefined for the native token */
  address?: Address
  decimals: number
  amount: bigint
  price?: number
  imageId: string
}

interface CacheEntry {
  at: number
  value: Promise<RawBalance[]>
}

export class BalanceService {
  private readonly cache = new Map<string, CacheEntry>()

  constructor(
    private readonly readers: ChainReader[],
    private readonly ttlMs = BALANCE_TTL_MS
  ) {}

  /**
   * Balances of `address` on `chainId` (CAIP-2) or on every chain read. A chain this backend does
   * not read answers nothing. Tokens whose decimals are 0 are left out (docs/behaviour.md section 5).
   */
  async balances(
    address: Address,
    options: { chainId?: string; forceUpdate?: boolean; iconUrl: (imageId: string) => string }
  ): Promise<TokenBalance[]> {
    const readers = options.chainId ? this.readers.filter(reader => reader.caip === options.chainId) : this.readers
    const perChain = await Promise.all(readers.map(reader => this.chainBalances(reader, address, options.forceUpdate)))
    const balances: TokenBalance[] = []
    readers.forEach((reader, i) => {
      for (const raw of perChain[i]!) {
        if (raw.decimals === 0) continue
        const numeric = formatUnits(raw.amount, raw.decimals)
        balances.push({
          name: raw.name,
          symbol: raw.symbol,
          chainId: reader.caip,
          ...(raw.address ? { address: `${reader.caip}:${raw.address}` } : {}),
          price: raw.price ?? 0,
          ...(raw.price !== undefined ? { value: roundUsd(toNumber(raw.amount, raw.decimals) * raw.price) } : {}),
          quantity: { decimals: String(raw.decimals), numeric },
          iconUrl: options.iconUrl(raw.imageId)
        })
      }
    })
    return balances
  }

  /** Drops the cached balances of `addresses` (lower case) on `chainId`; all of the chain's without. */
  invalidate(chainId: string, addresses?: Iterable<string>): void {
    if (!addresses) {
      for (const key of this.cache.keys()) if (key.startsWith(`${chainId}|`)) this.cache.delete(key)
      return
    }
    for (const address of addresses) this.cache.delete(`${chainId}|${address}`)
  }

  private chainBalances(reader: ChainReader, address: Address, force = false): Promise<RawBalance[]> {
    const key = `${reader.caip}|${address.toLowerCase()}`
    const now = Date.now()
    const cached = this.cache.get(key)
    if (!force && cached && now - cached.at < this.ttlMs) return cached.value
    const value = this.read(reader, address, force)
    const entry = { at: now, value }
    this.cache.set(key, entry)
    value.catch(() => {
      if (this.cache.get(key) === entry) this.cache.delete(key)
    })
    if (this.cache.size > 10_000) {
      for (const [k, e] of this.cache) if (now - e.at >= this.ttlMs) this.cache.delete(k)
    }
    return value
  }

  private async read(reader: ChainReader, address: Address, force: boolean): Promise<RawBalance[]> {
    const { client, setup } = reader
    const [native, prices, tokens] = await Promise.all([
      client.getBalance({ address }),
      reader.usdPrices(force),
      Promise.all(
        setup.tokens.map(async token => {
          const [metadata, amount] = await Promise.all([
            reader.tokenMetadata(token.address),
            client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
          ])
          return { token, metadata, amount }
        })
      )
    ])
    const result: RawBalance[] = [
      {
        name: setup.native.name,
        symbol: setup.native.symbol,
        decimals: setup.native.decimals,
        amount: native,
        price: prices.get(NATIVE_TOKEN_ADDRESS),
        imageId: setup.native.imageId
      }
    ]
    for (const { token, metadata, amount } of tokens) {
      if (amount === 0n) continue
      result.push({
        name: metadata.name,
        symbol: metadata.symbol,
        address: token.address,
        decimals: metadata.decimals,
        amount,
        price: prices.get(token.address.toLowerCase()),
        imageId: token.imageId
      })
    }
    return result
  }
}
