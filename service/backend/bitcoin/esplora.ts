// Balances and history of Bitcoin addresses from an Esplora REST API (Blockstream's electrs,
// mempool.space, or the local regtest node of `npm start`, which serves it): GET /address/:a's
// confirmed (chain_stats) and unconfirmed (mempool_stats) sums, in BTC with 8 decimals, and its
// transactions (/address/:a/txs), in the shapes of the other answers (src/api/schemas: balance,
// history). The network is the Esplora's own: its CAIP-2 id
// comes from its genesis block (GET /block-height/0).
import { formatUnits } from 'viem'
import * as z from 'zod'
import type { HistoryResponse, TokenBalance, Transaction } from '../../../src/api/schemas/index.js'
import type { HistoryLinks } from '../blockchain/history.js'
import { ApiError, badRequest } from '../http.js'

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
/** Esplora's transaction object, as far as history reads it. */
const esploraTxSchema = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vin: z.array(
    z.object({ prevout: z.object({ scriptpubkey_address: z.string().optional(), value: satoshis }).nullable() })
  ),
  vout: z.array(z.object({ scriptpubkey_address: z.string().optional(), value: satoshis })),
  status: z.object({ confirmed: z.boolean(), block_time: z.number().int().optional() })
})
type EsploraTx = z.infer<typeof esploraTxSchema>
/** Esplora's page of confirmed transactions (/address/:a/txs and /txs/chain/:last_seen). */
const CHAIN_PAGE = 25
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

  /** GET `path` of the Esplora API as JSON; its failure is the backend's 502. */
  private async json(path: string): Promise<unknown> {
    let response: Response
    try {
      response = await esploraGet(this.bitcoin.esploraUrl, path)
    } catch (error) {
      throw new ApiError(
        502,
        `The Esplora API at ${this.bitcoin.esploraUrl} did not answer: ${(error as Error).message}`,
        'bad_gateway'
      )
    }
    if (!response.ok)
      throw new ApiError(502, `The Esplora API answered ${path} with HTTP ${response.status}`, 'bad_gateway')
    return response.json().catch(() => undefined)
  }

  /**
   * The address's transactions, newest first: the first page is Esplora's /address/:a/txs (the
   * mempool's, then up to 25 confirmed); the next ones /txs/chain/:last_seen (25 confirmed each),
   * the cursor being the last confirmed txid shown. Each is a send (the address paid: the amount
   * that left to others) or a receive (what it got), in BTC; pending until it is in a block.
   */
  async history(
    address: string,
    options: { cursor?: string; chainId?: string; links: HistoryLinks }
  ): Promise<HistoryResponse> {
    if (options.chainId && options.chainId !== this.caipNetworkId) return { data: [], next: null }
    if (options.cursor !== undefined && !/^[0-9a-f]{64}$/.test(options.cursor)) {
      throw badRequest(`Invalid query parameter 'cursor': expected a cursor from a previous page's 'next'`)
    }
    const base = `/address/${encodeURIComponent(address)}/txs`
    const path = options.cursor ? `${base}/chain/${options.cursor}` : base
    const parsed = z.array(esploraTxSchema).safeParse(await this.json(path))
    if (!parsed.success)
      throw new ApiError(502, `The Esplora API's answer for ${path} is not a list of transactions`, 'bad_gateway')
    const confirmed = parsed.data.filter(tx => tx.status.confirmed)
    const last = confirmed[confirmed.length - 1]
    return {
      data: parsed.data.map(tx => this.transaction(tx, address, options.links)),
      next: confirmed.length >= CHAIN_PAGE && last ? last.txid : null
    }
  }

  private transaction(tx: EsploraTx, address: string, links: HistoryLinks): Transaction {
    const paid = tx.vin.reduce(
      (sum, input) => sum + (input.prevout?.scriptpubkey_address === address ? input.prevout.value : 0),
      0
    )
    const got = tx.vout.reduce((sum, output) => sum + (output.scriptpubkey_address === address ? output.value : 0), 0)
    const sending = paid > 0
    const others = tx.vout.filter(output => output.scriptpubkey_address && output.scriptpubkey_address !== address)
    const amount = sending ? others.reduce((sum, output) => sum + output.value, 0) : got
    const from = tx.vin.find(input => input.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address
    return {
      id: tx.txid,
      metadata: {
        // A pending transaction has no block yet: now, so that it sorts and reads as just made.
        minedAt: new Date(tx.status.block_time !== undefined ? tx.status.block_time * 1000 : Date.now()).toISOString(),
        chain: this.caipNetworkId,
        operationType: sending ? 'send' : 'receive',
        status: tx.status.confirmed ? 'confirmed' : 'pending',
        // A coinbase has no sender: the address itself stands in.
        sentFrom: sending ? address : (from ?? address),
        sentTo: sending ? (others[0]?.scriptpubkey_address ?? address) : address,
        hash: tx.txid
      },
      transfers: [
        {
          fungible_info: { name: NATIVE.name, symbol: NATIVE.symbol, icon: { url: links.tokenIcon(NATIVE.symbol) } },
          direction: sending ? (others.length > 0 ? 'out' : 'self') : 'in',
          quantity: { numeric: formatUnits(BigInt(amount), NATIVE.decimals) }
        }
      ]
    }
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
