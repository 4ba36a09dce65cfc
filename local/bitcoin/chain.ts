/**
 * The node's state: the block chain (never reorganised), the UTXO set, the mempool and the
 * indexes the APIs read (transactions by id, transactions by output script). Transactions enter
 * through `submit` (validate.ts decides), blocks through `mine` (every mempool transaction, in
 * arrival order, with a coinbase paying the given script).
 */
import { blockSubsidy, buildBlock, genesisBlock, type Block } from './block.js'
import { toHex } from './bytes.js'
import { DECODE_FAILED, parseTransaction, TxDecodeError, type ParsedTx, type TxOutput } from './tx-codec.js'
import { RPC_DESERIALIZATION_ERROR, RPC_VERIFY_ALREADY_IN_CHAIN, RPC_VERIFY_ERROR, TxRejection } from './tx-errors.js'
import { validateTransaction, type Coin, type CoinView } from './validate.js'

export interface TxEntry {
  readonly tx: ParsedTx
  /** The outputs it spends, in input order (empty for a coinbase). */
  readonly spent: readonly Coin[]
  /** Satoshis; 0 for a coinbase. */
  readonly fee: bigint
  /** The block it is in; null while in the mempool. */
  block: Block | null
}

/** Core's default maxfeerate for sendrawtransaction: 0.10 BTC/kvB, in sat/kvB. */
export const DEFAULT_MAX_FEE_RATE = 10_000_000n

const outpoint = (txid: string, vout: number) => `${txid}:${vout}`

export class BitcoinChain implements CoinView {
  readonly blocks: Block[] = []
  private readonly entries = new Map<string, TxEntry>()
  private readonly utxos = new Map<string, Coin>()
  private readonly mempoolOrder: string[] = []
  private readonly mempoolSpends = new Map<string, string>()
  private readonly byScript = new Map<string, Set<string>>()
  private readonly blockListeners = new Set<(block: Block) => void>()
  private readonly txListeners = new Set<(entry: TxEntry) => void>()

  constructor() {
    // The genesis coinbase's output is not in the UTXO set (as in Core): only index the block.
    const genesis = genesisBlock()
    this.blocks.push(genesis)
    const coinbase = genesis.transactions[0]!
    this.entries.set(coinbase.txid, { tx: coinbase, spent: [], fee: 0n, block: genesis })
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  get tipHeight(): number {
    return this.tip.height
  }

  /** The median of the last 11 blocks' times (BIP-113). */
  get medianTimePast(): number {
    const times = this.blocks.slice(-11).map(block => block.time)
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  }

  coin(txid: string, vout: number): Coin | undefined {
    if (this.mempoolSpends.has(outpoint(txid, vout))) return undefined
    const confirmed = this.utxos.get(outpoint(txid, vout))
    if (confirmed) return confirmed
    const entry = this.entries.get(txid)
    if (!entry || entry.block !== null) return undefined
    const output = entry.tx.outputs[vout]
    // An OP_RETURN output is never spendable (Core keeps it out of the UTXO set).
    if (!output || output.script[0] === 0x6a) return undefined
    return { ...output, height: null, coinbase: false }
  }

  mempoolSpender(txid: string, vout: number): string | undefined {
    return this.mempoolSpends.get(outpoint(txid, vout))
  }

  /** The confirmed and unconfirmed outputs to `script` not spent by anyone (Esplora's utxo list). */
  unspentOutputs(script: Uint8Array): { txid: string; vout: number; value: bigint; entry: TxEntry }[] {
    const found: { txid: string; vout: number; value: bigint; entry: TxEntry }[] = []
    const wanted = toHex(script)
    for (const entry of this.transactionsOf(script)) {
      entry.tx.outputs.forEach((output, vout) => {
        if (toHex(output.script) !== wanted || !this.coin(entry.tx.txid, vout)) return
        found.push({ txid: entry.tx.txid, vout, value: output.value, entry })
      })
    }
    return found
  }

  transaction(txid: string): TxEntry | undefined {
    return this.entries.get(txid)
  }

  get mempool(): TxEntry[] {
    return this.mempoolOrder.map(txid => this.entries.get(txid)!)
  }

  /** Every transaction paying or spending `script`: confirmed ones (oldest first), then the mempool's. */
  transactionsOf(script: Uint8Array): TxEntry[] {
    const txids = this.byScript.get(toHex(script)) ?? new Set<string>()
    return [...txids].map(txid => this.entries.get(txid)!)
  }

  confirmations(entry: TxEntry): number {
    return entry.block ? this.tipHeight - entry.block.height + 1 : 0
  }

  blockAt(height: number): Block | undefined {
    return this.blocks[height]
  }

  onBlock(listener: (block: Block) => void): () => void {
    this.blockListeners.add(listener)
    return () => this.blockListeners.delete(listener)
  }

  onTransaction(listener: (entry: TxEntry) => void): () => void {
    this.txListeners.add(listener)
    return () => this.txListeners.delete(listener)
  }

  /**
   * sendrawtransaction: decodes, validates and adds to the mempool; the txid. `maxFeeRate` in
   * sat/kvB (0: no limit). Throws TxRejection with Core's code and text.
   */
  submit(rawHex: string, maxFeeRate = DEFAULT_MAX_FEE_RATE): string {
    let tx: ParsedTx
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) throw new TxDecodeError('not hex')
      tx = parseTransaction(new Uint8Array(Buffer.from(rawHex, 'hex')))
    } catch (error) {
      if (error instanceof TxDecodeError) throw new TxRejection(RPC_DESERIALIZATION_ERROR, DECODE_FAILED)
      throw error
    }
    const known = this.entries.get(tx.txid)
    if (known && known.block === null) return tx.txid
    if (known && tx.outputs.some((_, vout) => this.utxos.has(outpoint(tx.txid, vout)))) {
      throw new TxRejection(RPC_VERIFY_ALREADY_IN_CHAIN, 'Transaction already in block chain')
    }
    const { fee, coins } = validateTransaction(tx, this)
    if (maxFeeRate > 0n && fee > (maxFeeRate * BigInt(tx.vsize)) / 1000n) {
      throw new TxRejection(RPC_VERIFY_ERROR, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)')
    }
    const entry: TxEntry = { tx, spent: coins, fee, block: null }
    this.entries.set(tx.txid, entry)
    this.mempoolOrder.push(tx.txid)
    tx.inputs.forEach(input => this.mempoolSpends.set(outpoint(input.txid, input.vout), tx.txid))
    this.index(entry)
    for (const listener of this.txListeners) listener(entry)
    return tx.txid
  }

  /**
   * Mines `count` blocks paying their reward (subsidy + fees) to `script`; the first takes every
   * mempool transaction. `extraOutputs` are paid out of the first block's reward (block 1's
   * funding of the test accounts); `matureAtOnce` makes that coinbase spendable at once.
   */
  mine(
    count: number,
    script: Uint8Array,
    options: { extraOutputs?: TxOutput[]; matureAtOnce?: boolean } = {}
  ): Block[] {
    const mined: Block[] = []
    for (let i = 0; i < count; i++) {
      const entries = this.mempool
      const fees = entries.reduce((sum, entry) => sum + entry.fee, 0n)
      const extra = i === 0 ? (options.extraOutputs ?? []) : []
      const reward = blockSubsidy(this.tipHeight + 1) + fees - extra.reduce((sum, output) => sum + output.value, 0n)
      if (reward < 0n) throw new Error('the extra outputs exceed the block reward')
      const time = Math.max(Math.floor(Date.now() / 1000), this.medianTimePast + 1)
      const block = buildBlock(
        this.tip,
        time,
        [...extra, { value: reward, script }],
        entries.map(entry => entry.tx)
      )
      this.connect(block, entries, i === 0 && options.matureAtOnce === true)
      mined.push(block)
    }
    return mined
  }

  private connect(block: Block, entries: TxEntry[], matureAtOnce: boolean): void {
    this.blocks.push(block)
    const coinbase = block.transactions[0]!
    const coinbaseEntry: TxEntry = { tx: coinbase, spent: [], fee: 0n, block }
    this.entries.set(coinbase.txid, coinbaseEntry)
    this.index(coinbaseEntry)
    this.addOutputs(coinbase, block.height, true, matureAtOnce)
    for (const entry of entries) {
      entry.block = block
      for (const input of entry.tx.inputs) {
        this.utxos.delete(outpoint(input.txid, input.vout))
        this.mempoolSpends.delete(outpoint(input.txid, input.vout))
      }
      this.addOutputs(entry.tx, block.height, false, false)
    }
    this.mempoolOrder.length = 0
    for (const listener of this.blockListeners) listener(block)
  }

  private addOutputs(tx: ParsedTx, height: number, coinbase: boolean, matureAtOnce: boolean): void {
    tx.outputs.forEach((output, vout) => {
      if (output.script[0] === 0x6a) return
      this.utxos.set(outpoint(tx.txid, vout), {
        ...output,
        height,
        coinbase,
        ...(matureAtOnce ? { matureAtOnce } : {})
      })
    })
  }

  private index(entry: TxEntry): void {
    const scripts = [...entry.tx.outputs.map(output => output.script), ...entry.spent.map(coin => coin.script)]
    for (const script of scripts) {
      const key = toHex(script)
      let txids = this.byScript.get(key)
      if (!txids) this.byScript.set(key, (txids = new Set()))
      txids.add(entry.tx.txid)
    }
  }
}
