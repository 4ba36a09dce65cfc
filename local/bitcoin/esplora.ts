/**
 * The Esplora REST API (Blockstream's electrs) over the node: addresses, transactions, the tip
 * and fee estimates, and broadcasting with POST /tx. Amounts are satoshis; errors are plain-text
 * bodies with the HTTP status electrs uses.
 */
import type { BitcoinChain, TxEntry } from './chain.js'
import { FEE_ESTIMATE_SAT_PER_VB } from './rpc-methods.js'
import { addressScript } from './script-info.js'
import { esploraStatus, esploraTransaction } from './tx-format.js'
import { TxRejection } from './tx-errors.js'
import { toHex } from './bytes.js'

export interface RestAnswer {
  status: number
  /** JSON bodies are objects/arrays; text bodies strings. */
  body: unknown
}

const MEMPOOL_TXS_LIMIT = 50
const CHAIN_TXS_PAGE = 25
/** The confirmation targets Esplora's /fee-estimates lists. */
const FEE_TARGETS = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008]

const text = (status: number, body: string): RestAnswer => ({ status, body })
const json = (body: unknown): RestAnswer => ({ status: 200, body })

function addressStats(script: Uint8Array, entries: TxEntry[]) {
  const wanted = toHex(script)
  const stats = (confirmed: boolean) => {
    let funded = 0
    let fundedSum = 0n
    let spent = 0
    let spentSum = 0n
    let txs = 0
    for (const entry of entries.filter(e => (e.block !== null) === confirmed)) {
      txs++
      for (const output of entry.tx.outputs) {
        if (toHex(output.script) !== wanted) continue
        funded++
        fundedSum += output.value
      }
      for (const coin of entry.spent) {
        if (toHex(coin.script) !== wanted) continue
        spent++
        spentSum += coin.value
      }
    }
    return {
      funded_txo_count: funded,
      funded_txo_sum: Number(fundedSum),
      spent_txo_count: spent,
      spent_txo_sum: Number(spentSum),
      tx_count: txs
    }
  }
  return { chain_stats: stats(true), mempool_stats: stats(false) }
}

/** Newest first: mempool (latest arrival first), then confirmed by height and position in the block. */
function newestFirst(entries: TxEntry[]): { mempool: TxEntry[]; confirmed: TxEntry[] } {
  const mempool = entries.filter(entry => entry.block === null).reverse()
  const position = (entry: TxEntry) => entry.block!.transactions.findIndex(tx => tx.txid === entry.tx.txid)
  const confirmed = entries
    .filter(entry => entry.block !== null)
    .sort((a, b) => b.block!.height - a.block!.height || position(b) - position(a))
  return { mempool, confirmed }
}

function addressRoute(chain: BitcoinChain, address: string, rest: string | undefined): RestAnswer {
  const script = addressScript(address)
  if (!script) return text(400, 'Invalid Bitcoin address')
  const entries = chain.transactionsOf(script)
  if (rest === undefined) return json({ address, ...addressStats(script, entries) })
  if (rest === 'utxo') {
    return json(
      chain.unspentOutputs(script).map(utxo => ({
        txid: utxo.txid,
        vout: utxo.vout,
        status: esploraStatus(utxo.entry),
        value: Number(utxo.value)
      }))
    )
  }
  const { mempool, confirmed } = newestFirst(entries)
  if (rest === 'txs') {
    return json([...mempool.slice(0, MEMPOOL_TXS_LIMIT), ...confirmed.slice(0, CHAIN_TXS_PAGE)].map(esploraTransaction))
  }
  if (rest === 'txs/mempool') return json(mempool.slice(0, MEMPOOL_TXS_LIMIT).map(esploraTransaction))
  if (rest === 'txs/chain' || rest.startsWith('txs/chain/')) {
    const lastSeen = rest.split('/')[2]
    const start = lastSeen ? confirmed.findIndex(entry => entry.tx.txid === lastSeen) + 1 : 0
    if (lastSeen && start === 0) return json([])
    return json(confirmed.slice(start, start + CHAIN_TXS_PAGE).map(esploraTransaction))
  }
  return text(404, 'Not Found')
}

function txRoute(chain: BitcoinChain, txid: string, rest: string | undefined): RestAnswer {
  if (!/^[0-9a-f]{64}$/.test(txid)) return text(400, 'Invalid hex string')
  const entry = chain.transaction(txid)
  if (!entry) return text(404, 'Transaction not found')
  if (rest === undefined) return json(esploraTransaction(entry))
  if (rest === 'status') return json(esploraStatus(entry))
  if (rest === 'hex') return text(200, toHex(entry.tx.raw))
  return text(404, 'Not Found')
}

/** GET routes; undefined when the path is not one of them. */
export function esploraGet(chain: BitcoinChain, path: string): RestAnswer | undefined {
  const address = /^\/address\/([^/]+)(?:\/(.+))?$/.exec(path)
  if (address) return addressRoute(chain, decodeURIComponent(address[1]!), address[2])
  const tx = /^\/tx\/([^/]+)(?:\/(.+))?$/.exec(path)
  if (tx) return txRoute(chain, tx[1]!, tx[2])
  if (path === '/blocks/tip/height') return text(200, String(chain.tipHeight))
  if (path === '/blocks/tip/hash') return text(200, chain.tip.hash)
  const height = /^\/block-height\/(\d{1,10})$/.exec(path)
  if (height) {
    const block = chain.blocks[Number(height[1])]
    return block ? text(200, block.hash) : text(404, 'Block not found')
  }
  if (path === '/fee-estimates') {
    return json(Object.fromEntries(FEE_TARGETS.map(target => [String(target), FEE_ESTIMATE_SAT_PER_VB])))
  }
  return undefined
}

/** POST /tx: the raw transaction as hex text; the txid, or Core's refusal as electrs relays it. */
export function esploraPostTx(chain: BitcoinChain, body: string): RestAnswer {
  try {
    return text(200, chain.submit(body.trim()))
  } catch (error) {
    if (!(error instanceof TxRejection)) throw error
    return text(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`)
  }
}
