// GET /v1/account/{address}/balance: the native balance and the balances of the chain's listed
// ERC-20 tokens, read from the chains, priced in USD from the pools. Answers are cached per
// address and chain for a short time (BALANCE_TTL_MS); `forceUpdate` reads again, and the indexer
// drops an address's entries as soon as it sees a transaction that concerns it.
//
// Single flight: at most one read of an address on a chain is under way, and at most one more
// waits for it. A plain request joins the read under way (it is fresher than the cache it would
// accept). A forceUpdate request must get a read that started after it came (the visitor's own
// transaction, mined just before, must be in it, even when the indexer has not seen it yet): it
// never joins the read under way; it joins the read that waits for that one to end, or starts it.
// So concurrent forceUpdate requests cost at most two reads, whatever their number. A read under
// way when the indexer drops the address is neither joined nor cached afterwards.
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
  value: RawBalance[]
}

interface Flight {
  value: Promise<RawBalance[]>
}

export class BalanceService {
  /** Answers read, by `chain|address`, kept ttlMs from the start of their read. */
  private readonly cache = new Map<string, CacheEntry>()
  /** Reads under way, by `chain|address`: at most one per key (removed when it ends or is dropped). */
  private readonly inFlight = new Map<string, Flight>()
  /** forceUpdate reads waiting for the read under way to end, by `chain|address`: at most one per key. */
  private readonly queued = new Map<string, Flight>()

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
      for (const map of [this.cache, this.inFlight]) {
        for (const key of map.keys()) if (key.startsWith(`${chainId}|`)) map.delete(key)
      }
      return
    }
    for (const address of addresses) {
      this.cache.delete(`${chainId}|${address}`)
      this.inFlight.delete(`${chainId}|${address}`)
    }
  }

  private chainBalances(reader: ChainReader, address: Address, force = false): Promise<RawBalance[]> {
    const key = `${reader.caip}|${address.toLowerCase()}`
    const now = Date.now()
    const cached = this.cache.get(key)
    const running = this.inFlight.get(key)
    if (this.cache.size > 10_000) {
      for (const [k, e] of this.cache) if (now - e.at >= this.ttlMs) this.cache.delete(k)
    }
    // A plain request: the read under way (started after the cached answer's, so fresher), else the cache.
    if (!force && running) return running.value
    if (!force && cached && now - cached.at < this.ttlMs) return Promise.resolve(cached.value)
    if (!force) return this.start(key, reader, address, false).value
    // forceUpdate: a read that starts after this request came.
    const waiting = this.queued.get(key)
    if (waiting) return waiting.value
    if (!running) return this.start(key, reader, address, true).value
    const queued: Flight = {
      value: running.value
        .then(
          () => undefined,
          () => undefined
        )
        .then(() => {
          if (this.queued.get(key) === queued) this.queued.delete(key)
          return this.start(key, reader, address, true).value
        })
    }
    this.queued.set(key, queued)
    return queued.value
  }

  /** Starts a read of `address` on the reader's chain: the one under way for its key. */
  private start(key: string, reader: ChainReader, address: Address, force: boolean): Flight {
    const at = Date.now()
    const flight: Flight = { value: this.read(reader, address, force) }
    this.inFlight.set(key, flight)
    flight.value.then(
      value => {
        // Kept only while nothing dropped it during the read (invalidate removes the flight).
        if (this.inFlight.get(key) !== flight) return
        this.inFlight.delete(key)
        this.cache.set(key, { at, value })
      },
      () => {
        if (this.inFlight.get(key) === flight) this.inFlight.delete(key)
      }
    )
    return flight
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
