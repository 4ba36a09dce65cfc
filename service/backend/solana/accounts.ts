// Balances and history of Solana addresses from a Solana JSON-RPC node (the local runtime in
// `npm start`): SOL and the SPL token accounts an address owns, priced from a configured table, and
// its signatures with the SOL and token amounts each one moved for it, in the shapes of the EVM
// answers (src/api/schemas: balance and history).
import { formatUnits } from 'viem'
import { testUsdCoin } from '../../../local/solana/accounts.js'
import type {
  HistoryResponse,
  Nft,
  TokenBalance,
  Transaction,
  TransactionTransfer
} from '../../../src/api/schemas/index.js'
import { badRequest } from '../http.js'
import type { HistoryLinks } from '../blockchain/history.js'
import { SolanaRpc, type SolanaTransaction } from './rpc.js'

export const SOLANA_HISTORY_PAGE_SIZE = 20

/** USD prices by symbol when none is configured (APPKIT_SOLANA_PRICES). */
export const DEFAULT_SOLANA_PRICES: Readonly<Record<string, number>> = { SOL: 150, TUSDC: 1 }

/** The mints the backend knows by name (the local runtime's). */
const KNOWN_MINTS: Readonly<Record<string, { name: string; symbol: string }>> = {
  [testUsdCoin.address]: { name: testUsdCoin.name, symbol: testUsdCoin.symbol }
}

const NATIVE = { name: 'Solana', symbol: 'SOL', decimals: 9 }
/** How many signatures of each address a history page looks through (getSignaturesForAddress's most). */
const SIGNATURES_PER_ADDRESS = 1000

type CursorKey = [slot: number, signature: string]

function decodeCursor(cursor: string): CursorKey {
  const match = /^(\d{1,15})\.([1-9A-HJ-NP-Za-km-z]{64,88})$/.exec(cursor)
  if (!match) throw badRequest(`Invalid query parameter 'cursor': expected a cursor from a previous page's 'next'`)
  return [Number(match[1]), match[2]!]
}

export interface SolanaContext {
  /** "solana:<first 32 characters of the genesis hash>" */
  caipNetworkId: string
  rpcUrl: string
  rpc: SolanaRpc
  /** USD prices by symbol; DEFAULT_SOLANA_PRICES when absent. */
  prices?: Readonly<Record<string, number>>
}

/** A context for the Solana node at `rpcUrl`: its CAIP-2 id comes from its genesis hash. */
export async function createSolanaContext(
  rpcUrl: string,
  prices?: Readonly<Record<string, number>>
): Promise<SolanaContext> {
  const rpc = new SolanaRpc(rpcUrl)
  const genesis = await rpc.genesisHash()
  return { caipNetworkId: `solana:${genesis.slice(0, 32)}`, rpcUrl, rpc, ...(prices ? { prices } : {}) }
}

/** "SOL=150,TUSDC=1" (APPKIT_SOLANA_PRICES) as a price table. */
export function parseSolanaPrices(text: string): Record<string, number> {
  const prices: Record<string, number> = {}
  for (const item of text
    .split(',')
    .map(part => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9]+)=(\d+(?:\.\d+)?)$/.exec(item)
    if (!match) throw new Error(`APPKIT_SOLANA_PRICES expects SYMBOL=price items, got '${item}'`)
    prices[match[1]!] = Number(match[2])
  }
  return prices
}

/** Whether `address` is a Solana address (32-44 base58 characters). */
export function isSolanaAddress(address: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)
}

interface MintDelta {
  decimals: number
  /** Per owner: post minus pre. */
  byOwner: Map<string, bigint>
}

export class SolanaAccountService {
  private readonly prices: Readonly<Record<string, number>>

  constructor(
    private readonly solana: SolanaContext,
    private readonly pageSize = SOLANA_HISTORY_PAGE_SIZE
  ) {
    this.prices = solana.prices ?? DEFAULT_SOLANA_PRICES
  }

  get caipNetworkId(): string {
    return this.solana.caipNetworkId
  }

  /** SOL and every SPL token the address holds (decimals 0, an NFT, left out), priced when known. */
  async balances(
    address: string,
    options: { chainId?: string; iconUrl(imageId: string): string }
  ): Promise<TokenBalance[]> {
    if (options.chainId && options.chainId !== this.caipNetworkId) return []
    const [lamports, accounts] = await Promise.all([
      this.solana.rpc.lamports(address),
      this.solana.rpc.tokenAccounts(address)
    ])
    const entry = (name: string, symbol: string, decimals: number, amount: bigint, mint?: string): TokenBalance => {
      const numeric = formatUnits(amount, decimals)
      const price = this.prices[symbol]
      return {
        name,
        symbol,
        chainId: this.caipNetworkId,
        ...(mint ? { address: `${this.caipNetworkId}:${mint}` } : {}),
        // An unknown token has no price (0) and no value.
        price: price ?? 0,
        ...(price !== undefined ? { value: Number(numeric) * price } : {}),
        quantity: { decimals: String(decimals), numeric },
        iconUrl: KNOWN_MINTS[mint ?? ''] || !mint ? options.iconUrl(symbol) : ''
      }
    }
    const byMint = new Map<string, { amount: bigint; decimals: number }>()
    for (const { account } of accounts) {
      const { mint, tokenAmount } = account.data.parsed.info
      const held = byMint.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals }
      held.amount += BigInt(tokenAmount.amount)
      byMint.set(mint, held)
    }
    const tokens = [...byMint]
      .filter(([, held]) => held.decimals > 0 && held.amount > 0n)
      .map(([mint, held]) => {
        const known = KNOWN_MINTS[mint]
        return entry(
          known?.name ?? 'Unknown token',
          known?.symbol ?? `${mint.slice(0, 4)}…`,
          held.decimals,
          held.amount,
          mint
        )
      })
    return [entry(NATIVE.name, NATIVE.symbol, NATIVE.decimals, lamports), ...tokens]
  }

  /**
   * The NFTs the address holds: token accounts of mints with 0 decimals and a supply of 1, one
   * each. The node keeps no token metadata (no Metaplex here): the name is the mint's, shortened.
   */
  async nfts(address: string, options: { chainId?: string }): Promise<Nft[]> {
    if (options.chainId && options.chainId !== this.caipNetworkId) return []
    const accounts = await this.solana.rpc.tokenAccounts(address)
    const candidates = accounts
      .map(account => account.account.data.parsed.info)
      .filter(info => info.tokenAmount.decimals === 0 && info.tokenAmount.amount === '1')
    const supplies = await Promise.all(candidates.map(info => this.solana.rpc.tokenSupply(info.mint)))
    return candidates
      .filter((_, index) => supplies[index]?.amount === '1' && supplies[index]?.decimals === 0)
      .map(info => ({
        chainId: this.caipNetworkId,
        contract: info.mint,
        tokenId: '0',
        name: `NFT ${info.mint.slice(0, 4)}…${info.mint.slice(-4)}`,
        collection: { name: 'Solana NFT', symbol: '' },
        flags: { is_spam: false }
      }))
  }

  /**
   * The address's transactions, newest first, a page at a time: the signatures of the address and
   * of the token accounts it owns (a token transfer names the token account, not its owner), merged
   * newest slot first. The cursor is the last one's slot and signature.
   */
  async history(
    address: string,
    options: { cursor?: string; chainId?: string; links: HistoryLinks }
  ): Promise<HistoryResponse> {
    const after = options.cursor ? decodeCursor(options.cursor) : undefined
    if (options.chainId && options.chainId !== this.caipNetworkId) return { data: [], next: null }
    const owned = await this.solana.rpc.tokenAccounts(address)
    const lists = await Promise.all(
      [address, ...owned.map(account => account.pubkey)].map(key =>
        this.solana.rpc.signatures(key, { limit: SIGNATURES_PER_ADDRESS })
      )
    )
    // Newest slot first; inside a slot the node's own order, the address's list before its token
    // accounts' (a stable sort), the same on every page.
    const bySignature = new Map(lists.flat().map(entry => [entry.signature, entry]))
    const all = [...bySignature.values()].sort((a, b) => b.slot - a.slot)
    let ordered = all
    if (after) {
      const at = all.findIndex(entry => entry.signature === after[1])
      ordered = at >= 0 ? all.slice(at + 1) : all.filter(entry => entry.slot < after[0])
    }
    const page = ordered.slice(0, this.pageSize)
    const found = await Promise.all(page.map(entry => this.solana.rpc.transaction(entry.signature)))
    const data = found.flatMap(tx => (tx ? [this.transaction(tx, address, options.links)] : []))
    const last = page[page.length - 1]
    return { data, next: ordered.length > this.pageSize && last ? `${last.slot}.${last.signature}` : null }
  }

  private transaction(tx: SolanaTransaction, address: string, links: HistoryLinks): Transaction {
    const keys = tx.transaction.message.accountKeys
    const { meta } = tx
    const transfers: TransactionTransfer[] = []
    let counterparty: string | undefined

    // SOL: the address's balance change, the fee given back when it paid it.
    const index = keys.indexOf(address)
    if (index >= 0) {
      let delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0)
      if (index === 0) delta += BigInt(meta.fee)
      if (delta !== 0n) {
        transfers.push(this.transfer(NATIVE.name, NATIVE.symbol, NATIVE.decimals, delta, links))
        counterparty = opposite(
          keys.map((key, i) => [key, BigInt(meta.postBalances[i] ?? 0) - BigInt(meta.preBalances[i] ?? 0)] as const),
          address,
          delta
        )
      }
    }

    // SPL tokens: per mint, the change of the accounts the address owns.
    for (const [mint, change] of tokenDeltas(tx)) {
      const delta = change.byOwner.get(address) ?? 0n
      if (delta === 0n || change.decimals === 0) continue
      const known = KNOWN_MINTS[mint]
      transfers.push(
        this.transfer(
          known?.name ?? 'Unknown token',
          known?.symbol ?? `${mint.slice(0, 4)}…`,
          change.decimals,
          delta,
          links,
          !!known
        )
      )
      counterparty ??= opposite([...change.byOwner], address, delta)
    }

    const ins = transfers.filter(transfer => transfer.direction === 'in').length
    const outs = transfers.filter(transfer => transfer.direction === 'out').length
    const failed = meta.err !== null && meta.err !== undefined
    const operationType: Transaction['metadata']['operationType'] = failed
      ? 'execute'
      : ins > 0 && outs > 0
        ? 'trade'
        : outs > 0
          ? 'send'
          : ins > 0
            ? 'receive'
            : 'execute'
    const signature = tx.transaction.signatures[0]!
    const feePayer = keys[0]!
    return {
      id: signature,
      metadata: {
        minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
        chain: this.caipNetworkId,
        operationType,
        status: failed ? 'failed' : 'confirmed',
        sentFrom: operationType === 'receive' ? (counterparty ?? feePayer) : address,
        sentTo: operationType === 'receive' ? address : (counterparty ?? address),
        hash: signature
      },
      transfers
    }
  }

  private transfer(
    name: string,
    symbol: string,
    decimals: number,
    delta: bigint,
    links: HistoryLinks,
    hasIcon = true
  ): TransactionTransfer {
    return {
      fungible_info: { name, symbol, ...(hasIcon ? { icon: { url: links.tokenIcon(symbol) } } : {}) },
      direction: delta > 0n ? 'in' : 'out',
      quantity: { numeric: formatUnits(delta > 0n ? delta : -delta, decimals) }
    }
  }
}

/** Per mint, each owner's token change in the transaction (post minus pre). */
function tokenDeltas(tx: SolanaTransaction): Map<string, MintDelta> {
  const deltas = new Map<string, MintDelta>()
  const add = (balance: SolanaTransaction['meta']['postTokenBalances'][number], sign: 1n | -1n) => {
    const owner = balance.owner ?? tx.transaction.message.accountKeys[balance.accountIndex] ?? ''
    const entry = deltas.get(balance.mint) ?? { decimals: balance.uiTokenAmount.decimals, byOwner: new Map() }
    entry.byOwner.set(owner, (entry.byOwner.get(owner) ?? 0n) + sign * BigInt(balance.uiTokenAmount.amount))
    deltas.set(balance.mint, entry)
  }
  for (const balance of tx.meta.postTokenBalances) add(balance, 1n)
  for (const balance of tx.meta.preTokenBalances) add(balance, -1n)
  return deltas
}

/** The other party: the one whose change went the other way the most. */
function opposite(changes: Iterable<readonly [string, bigint]>, address: string, delta: bigint): string | undefined {
  let best: string | undefined
  let bestSize = 0n
  for (const [who, change] of changes) {
    if (who === address || change === 0n || change > 0n === delta > 0n) continue
    const size = change > 0n ? change : -change
    if (size > bestSize) [best, bestSize] = [who, size]
  }
  return best
}
