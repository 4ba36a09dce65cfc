// Reads one chain: a viem client over the chain's RPC URL with JSON-RPC batching (the local chains
// have no multicall contract, so concurrent reads go out as one HTTP request), token metadata read
// once from the contracts, and USD prices derived from the swap pools' reserves.
import { createPublicClient, erc20Abi, erc721Abi, http, type Address, type PublicClient } from 'viem'
import { swapRouterAbi } from '../../../local/chain/abis.js'
import type { ChainContext } from '../context.js'
import type { Database } from '../db/database.js'
import { chainSetup, NATIVE_TOKEN_ADDRESS, type ChainSetup } from './setup.js'

export interface TokenMetadata {
  address: Address
  standard: 'erc20' | 'erc721' | 'unknown'
  name: string
  symbol: string
  decimals: number
}

/** How long pool prices are reused (the indexer also drops them when a pool trades). */
export const PRICE_TTL_MS = 5_000

export class ChainReader {
  readonly setup: ChainSetup
  readonly client: PublicClient
  private readonly metadata = new Map<string, Promise<TokenMetadata>>()
  private prices?: { at: number; value: Promise<Map<string, number>> }
  /** The price read under way, if any. */
  private pricesInFlight: Promise<Map<string, number>> | undefined

  constructor(
    readonly chain: ChainContext,
    private readonly db: Database
  ) {
    this.setup = chainSetup(chain)
    this.client = createPublicClient({
      chain: chain.client.chain,
      transport: http(chain.rpcUrl, { batch: { batchSize: 200, wait: 0 }, retryCount: 2, timeout: 10_000 })
    }) as PublicClient
  }

  get caip(): string {
    return this.chain.caipNetworkId
  }

  /**
   * Name, symbol and decimals of a token contract: from chain_tokens when the indexer stored them,
   * else read from the contract (as ERC-20, or ERC-721 when `standard` says so) and stored.
   */
  tokenMetadata(address: Address, standard: 'erc20' | 'erc721' = 'erc20'): Promise<TokenMetadata> {
    const key = address.toLowerCase()
    let entry = this.metadata.get(key)
    if (!entry) {
      entry = this.loadMetadata(address, standard)
      this.metadata.set(key, entry)
      entry.catch(() => this.metadata.delete(key))
    }
    return entry
  }

  /** Forgets cached metadata (after a chain reset). */
  forget(): void {
    this.metadata.clear()
    this.prices = undefined
    this.pricesInFlight = undefined
  }

  private async loadMetadata(address: Address, standard: 'erc20' | 'erc721'): Promise<TokenMetadata> {
    const stored = await this.db.query<{ standard: string; name: string; symbol: string; decimals: number }>(
      'SELECT standard, name, symbol, decimals FROM chain_tokens WHERE chain_id = $1 AND address = $2',
      [this.caip, address.toLowerCase()]
    )
    const row = stored.rows[0]
    if (row) {
      return {
        address,
        standard: row.standard as TokenMetadata['standard'],
        name: row.name,
        symbol: row.symbol,
        decimals: Number(row.decimals)
      }
    }
    const read = await this.readMetadata(address, standard)
    await this.db.query(
      `INSERT INTO chain_tokens (chain_id, address, standard, name, symbol, decimals) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (chain_id, address) DO NOTHING`,
      [this.caip, address.toLowerCase(), read.standard, read.name, read.symbol, read.decimals]
    )
    return read
  }

  private async readMetadata(address: Address, standard: 'erc20' | 'erc721'): Promise<TokenMetadata> {
    const client = this.client
    const attempt = <T>(run: () => Promise<T>) =>
      run().then(
        value => ({ ok: true as const, value }),
        () => ({ ok: false as const })
      )
    if (standard === 'erc721') {
      const [name, symbol] = await Promise.all([
        attempt(() => client.readContract({ address, abi: erc721Abi, functionName: 'name' })),
        attempt(() => client.readContract({ address, abi: erc721Abi, functionName: 'symbol' }))
      ])
      return {
        address,
        standard: 'erc721',
        name: name.ok ? name.value : 'Unknown collection',
        symbol: symbol.ok ? symbol.value : 'NFT',
        decimals: 0
      }
    }
    const [name, symbol, decimals] = await Promise.all([
      attempt(() => client.readContract({ address, abi: erc20Abi, functionName: 'name' })),
      attempt(() => client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })),
      attempt(() => client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }))
    ])
    return {
      address,
      standard: decimals.ok ? 'erc20' : 'unknown',
      name: name.ok ? name.value : 'Unknown token',
      symbol: symbol.ok ? symbol.value : '???',
      decimals: decimals.ok ? Number(decimals.value) : 0
    }
  }

  /** Metadata of the native token, as a TokenMetadata with the CAIP-10 placeholder address. */
  nativeMetadata(): TokenMetadata {
    const { native } = this.setup
    return { address: NATIVE_TOKEN_ADDRESS, standard: 'erc20', ...native }
  }

  /** Drops the cached prices (a pool traded). */
  invalidatePrices(): void {
    this.prices = undefined
    this.pricesInFlight = undefined
  }

  /**
   * USD prices by lower-case token address (the native token under NATIVE_TOKEN_ADDRESS): the USD
   * token is 1; another token is priced from its pool with the USD token, or through the wrapped
   * native token's pool when it has none. Tokens without a route get no price.
   */
  usdPrices(force = false): Promise<Map<string, number>> {
    const now = Date.now()
    if (!force && this.prices && now - this.prices.at < PRICE_TTL_MS) return this.prices.value
    // Single flight: a read under way (not dropped by invalidatePrices) serves `force` too.
    if (this.pricesInFlight) return this.pricesInFlight
    const value = this.readPrices()
    this.prices = { at: now, value }
    this.pricesInFlight = value
    value.then(
      () => {
        if (this.pricesInFlight === value) this.pricesInFlight = undefined
      },
      () => {
        if (this.pricesInFlight === value) this.pricesInFlight = undefined
        if (this.prices?.value === value) this.prices = undefined
      }
    )
    return value
  }

  private async readPrices(): Promise<Map<string, number>> {
    const prices = new Map<string, number>()
    const { usdToken, router, wrappedNative, tokens } = this.setup
    if (!usdToken || !router) return prices
    const decimalsOf = async (address: Address) => (await this.tokenMetadata(address)).decimals
    /** Price of `token` in units of `quote` (both as whole tokens), or undefined without a pool. */
    const rate = async (token: Address, quote: Address): Promise<number | undefined> => {
      try {
        const [reserveToken, reserveQuote] = await this.client.readContract({
          address: router,
          abi: swapRouterAbi,
          functionName: 'getReserves',
          args: [token, quote]
        })
        if (reserveToken === 0n || reserveQuote === 0n) return undefined
        const [dt, dq] = await Promise.all([decimalsOf(token), decimalsOf(quote)])
        return toNumber(reserveQuote, dq) / toNumber(reserveToken, dt)
      } catch {
        return undefined
      }
    }
    prices.set(usdToken.toLowerCase(), 1)
    const wrappedPrice = wrappedNative ? await rate(wrappedNative, usdToken) : undefined
    if (wrappedNative && wrappedPrice !== undefined) {
      prices.set(wrappedNative.toLowerCase(), wrappedPrice)
      prices.set(NATIVE_TOKEN_ADDRESS, wrappedPrice)
    }
    await Promise.all(
      tokens.map(async ({ address }) => {
        const key = address.toLowerCase()
        if (prices.has(key)) return
        const direct = await rate(address, usdToken)
        if (direct !== undefined) {
          prices.set(key, direct)
          return
        }
        if (wrappedNative && wrappedPrice !== undefined) {
          const viaWrapped = await rate(address, wrappedNative)
          if (viaWrapped !== undefined) prices.set(key, viaWrapped * wrappedPrice)
        }
      })
    )
    return prices
  }
}

/** A bigint amount of a token with `decimals` as a float (for prices and values only). */
export function toNumber(amount: bigint, decimals: number): number {
  if (decimals === 0) return Number(amount)
  const scale = 10n ** BigInt(decimals)
  return Number(amount / scale) + Number(amount % scale) / Number(scale)
}

/** Rounds a USD figure to cents' hundredths, so answers do not carry float noise. */
export function roundUsd(value: number): number {
  return Math.round(value * 10_000) / 10_000
}
