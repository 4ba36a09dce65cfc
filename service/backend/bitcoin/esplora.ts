// Balances of Bitcoin addresses from an Esplora REST API (Blockstream's electrs, mempool.space, or
// the local regtest node of `npm start`, which serves it): GET /address/:a's confirmed
// (chain_stats) and unconfirmed (mempool_stats) sums, in BTC with 8 decimals, in the shape of the
// other balance answers (src/api/schemas: balance). The network is the Esplora's own: its CAIP-2 id
// comes from its genesis block (GET /block-height/0).
import { formatUnits } from 'viem'
import * as z from 'zod'
import type { TokenBalance } from '../../../src/api/schemas/index.js'
import { ApiError } from '../http.js'

/** USD price of BTC when none is configured (APPKIT_BITCOIN_PRICE). */
export const DEFAULT_BTC_PRICE = 60_000

const NATIVE = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
const TIMEOUT_MS = 10_000

/** Segwit addresses (bech32/bech32m: bc1, tb1, bcrt1) and legacy base58 ones (1, 3, m, n, 2). */
const BITCOIN_ADDRESS = /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[13mn2][1-9A-HJ-NP-Za-km-z]{24,34})$/

export function isBitcoinAddress(address: string): boolean {
  return BITCOIN_ADDRESS.test(address)
}

export interface BitcoinContext {
  /** "bip122:<first 32 hex characters of the genesis hash>" */
  caipNetworkId: string
  /** The Esplora base URL, without a trailing slash. */
  esploraUrl: string
  /** USD per BTC; DEFAULT_BTC_PRICE when absent. */
  price?: number
}

const satoshis = z.number().int().nonnegative()
const statsSchema = z.object({ funded_txo_sum: satoshis, spent_txo_sum: satoshis })
const addressSchema = z.object({ chain_stats: statsSchema, mempool_stats: statsSchema })

async function esploraGet(baseUrl: string, path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
}

/** A context for the Esplora at `esploraUrl`: its CAIP-2 id from its genesis block's hash. */
export async function createBitcoinContext(esploraUrl: string, price?: number): Promise<BitcoinContext> {
  const base = esploraUrl.replace(/\/+$/, '')
  const response = await esploraGet(base, '/block-height/0')
  const hash = (await response.text()).trim()
  if (!response.ok || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new Error(`${base}/block-height/0 answered HTTP ${response.status}, not a block hash`)
  }
  return { caipNetworkId: `bip122:${hash.slice(0, 32)}`, esploraUrl: base, ...(price !== undefined ? { price } : {}) }
}

export class BitcoinAccountService {
  constructor(private readonly bitcoin: BitcoinContext) {}

  get caipNetworkId(): string {
    return this.bitcoin.caipNetworkId
  }

  /** Confirmed + unconfirmed satoshis of `address` (what it would hold once the mempool is mined). */
  async satoshis(address: string): Promise<bigint> {
    let response: Response
    try {
      response = await esploraGet(this.bitcoin.esploraUrl, `/address/${encodeURIComponent(address)}`)
    } catch (error) {
      throw new ApiError(
        502,
        `The Esplora API at ${this.bitcoin.esploraUrl} did not answer: ${(error as Error).message}`,
        'bad_gateway'
      )
    }
    if (!response.ok) {
      throw new ApiError(
        502,
        `The Esplora API answered /address/${address} with HTTP ${response.status}`,
        'bad_gateway'
      )
    }
    const parsed = addressSchema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success)
      throw new ApiError(502, `The Esplora API's answer for ${address} is not an address`, 'bad_gateway')
    const { chain_stats: chain, mempool_stats: mempool } = parsed.data
    return BigInt(chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum)
  }

  /** BTC held by `address` (8 decimals), priced in USD; nothing for another chain. */
  async balances(
    address: string,
    options: { chainId?: string; iconUrl(imageId: string): string }
  ): Promise<TokenBalance[]> {
    if (options.chainId && options.chainId !== this.caipNetworkId) return []
    const amount = await this.satoshis(address)
    const numeric = formatUnits(amount, NATIVE.decimals)
    const price = this.bitcoin.price ?? DEFAULT_BTC_PRICE
    return [
      {
        name: NATIVE.name,
        symbol: NATIVE.symbol,
        chainId: this.caipNetworkId,
        price,
        value: Math.round(Number(numeric) * price * 100) / 100,
        quantity: { decimals: String(NATIVE.decimals), numeric },
        iconUrl: options.iconUrl(NATIVE.symbol)
      }
    ]
  }
}
