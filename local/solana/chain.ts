/**
 * One LiteSVM instance with what a validator adds around it: a slot clock (400 ms slots), recent
 * blockhashes that stay valid for 150 slots, signature verification, preflight simulation, a
 * history of processed transactions (with balances before and after, token balances and logs),
 * an index of signatures by address, a faucet for airdrops, and events for the websocket side.
 */
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { address, lamports, type Signature } from '@solana/kit'
import {
  PublicKey,
  SystemProgram,
  Transaction,
  type VersionedTransaction,
  type Keypair,
  type VersionedMessage
} from '@solana/web3.js'
import {
  MEMO_PROGRAMS,
  RpcError,
  decodeMint,
  decodeTokenAccount,
  toBase58,
  tokenAmount,
  type RawAccount,
  type UiTokenAmount
} from './codec.js'
import {
  computeFee,
  decodeTransaction,
  transactionRpcError,
  usesNonce,
  verifySignatures,
  type AccountKeys,
  type Decoded
} from './incoming-transaction.js'
import { transactionErrorJson, type TransactionErrorJson } from './tx-errors.js'

export type { AccountKeys } from './incoming-transaction.js'

export const MS_PER_SLOT = 400
/** A blockhash is accepted for this many slots after the slot that produced it (as on mainnet). */
export const MAX_BLOCKHASH_AGE = 150
export const SLOTS_PER_EPOCH = 432_000

export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export interface InnerInstructionRecord {
  index: number
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number }[]
}

/** A processed transaction, as getTransaction and the signature index need it. */
export interface TransactionRecord {
  signature: string
  slot: number
  blockTime: number
  transaction: VersionedTransaction
  version: 'legacy' | 0
  keys: AccountKeys
  err: TransactionErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  innerInstructions: InnerInstructionRecord[]
  computeUnitsConsumed: number
  returnData: { programId: string; data: Uint8Array } | null
  memo: string | null
}

export interface SimulationOutcome {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: number
  returnData: { programId: string; data: Uint8Array } | null
  innerInstructions: InnerInstructionRecord[]
  /** Accounts as the simulation left them (only those it loaded). */
  postAccounts: Map<string, RawAccount>
  keys: AccountKeys
  fee: number
}

function metadataOutcome(meta: TransactionMetadata) {
  const returnData = meta.returnData()
  const programId = returnData.programId()
  const data = returnData.data()
  return {
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    returnData: data.length > 0 ? { programId: toBase58(programId), data } : null,
    innerInstructions: meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map(inner => {
          const compiled = inner.instruction()
          return {
            programIdIndex: compiled.programIdIndex(),
            accounts: Array.from(compiled.accounts()),
            data: compiled.data(),
            stackHeight: inner.stackHeight()
          }
        })
      }))
      .filter(entry => entry.instructions.length > 0)
  }
}

/** LiteSVM's (kit's) account as this module's RawAccount. */
function rawAccount(account: {
  lamports: bigint
  programAddress: string
  data: ArrayLike<number>
  executable: boolean
}): RawAccount {
  return {
    lamports: BigInt(account.lamports),
    owner: account.programAddress,
    data: account.data instanceof Uint8Array ? account.data : Uint8Array.from(account.data),
    executable: account.executable
  }
}

export type SlotListener = (slot: number, parent: number) => void
export type TransactionListener = (record: TransactionRecord, written: string[]) => void

export interface SolanaChainOptions {
  /** Pays airdrops; without it requestAirdrop fails. */
  faucet?: Keypair
  /** Clock source (ms), for tests of the slot clock. */
  now?: () => number
}

export class SolanaChain {
  readonly svm: LiteSVM
  readonly genesisHash: string
  readonly startedAt: number
  /** Current slot; also the block height (no slot is ever skipped). */
  slot = 0
  transactionCount = 0
  private latest: string
  private readonly now: () => number
  private readonly faucet: Keypair | undefined
  private readonly blockhashes = new Map<string, number>()
  private readonly records = new Map<string, TransactionRecord>()
  private readonly signaturesByAddress = new Map<string, string[]>()
  private readonly slotListeners = new Set<SlotListener>()
  private readonly transactionListeners = new Set<TransactionListener>()

  constructor(options: SolanaChainOptions = {}) {
    this.now = options.now ?? Date.now
    this.faucet = options.faucet
    this.startedAt = this.now()
    // The runtime checks signatures; blockhash ages are checked here, over the last 150 slots
    // (LiteSVM alone only accepts its single latest blockhash).
    this.svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true)
    this.genesisHash = this.svm.latestBlockhash()
    this.latest = this.genesisHash
    this.blockhashes.set(this.latest, 0)
    this.setClock()
  }

  /* ------------------------------------------------------------ clock and blockhashes */

  /** Unix time (s) of a slot: slots are 400 ms apart from the start. */
  blockTimeOf(slot: number): number {
    return Math.floor((this.startedAt + slot * MS_PER_SLOT) / 1000)
  }

  private setClock(): void {
    const clock = this.svm.getClock()
    clock.slot = BigInt(this.slot)
    clock.epoch = BigInt(Math.floor(this.slot / SLOTS_PER_EPOCH))
    clock.leaderScheduleEpoch = clock.epoch + 1n
    clock.epochStartTimestamp = BigInt(this.blockTimeOf(Number(clock.epoch) * SLOTS_PER_EPOCH))
    clock.unixTimestamp = BigInt(this.blockTimeOf(this.slot))
    this.svm.setClock(clock)
  }

  /** Moves the slot forward to what the wall clock says; a new slot brings a new blockhash. */
  tick(): number {
    const target = Math.floor((this.now() - this.startedAt) / MS_PER_SLOT)
    if (target > this.slot) {
      const parent = this.slot
      this.slot = target
      this.setClock()
      this.newBlockhash()
      for (const listener of this.slotListeners) listener(this.slot, parent)
    }
    return this.slot
  }

  private newBlockhash(): void {
    this.svm.expireBlockhash()
    this.latest = this.svm.latestBlockhash()
    this.blockhashes.set(this.latest, this.slot)
    for (const [hash, slot] of this.blockhashes) {
      if (slot + MAX_BLOCKHASH_AGE * 2 >= this.slot) break
      this.blockhashes.delete(hash)
    }
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    this.tick()
    return {
      blockhash: this.latest,
      lastValidBlockHeight: (this.blockhashes.get(this.latest) ?? this.slot) + MAX_BLOCKHASH_AGE
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    this.tick()
    const slot = this.blockhashes.get(blockhash)
    return slot !== undefined && this.slot <= slot + MAX_BLOCKHASH_AGE
  }

  onSlot(listener: SlotListener): () => void {
    this.slotListeners.add(listener)
    return () => this.slotListeners.delete(listener)
  }

  onTransaction(listener: TransactionListener): () => void {
    this.transactionListeners.add(listener)
    return () => this.transactionListeners.delete(listener)
  }

  /* ------------------------------------------------------------ accounts */

  getAccount(key: string): RawAccount | null {
    const account = this.svm.getAccount(address(key))
    return account.exists ? rawAccount(account) : null
  }

  getProgramAccounts(program: string): { pubkey: string; account: RawAccount }[] {
    return this.svm
      .getProgramAccounts(address(program))
      .map(account => ({ pubkey: account.address, account: rawAccount(account) }))
  }

  /** Decimals of a mint, or null when the address holds no mint. */
  decimalsOf = (mint: string): number | null => {
    const account = this.getAccount(mint)
    return account ? (decodeMint(account.owner, account.data)?.decimals ?? null) : null
  }

  /** Writes an account directly (genesis state). */
  setAccount(key: string, account: RawAccount): void {
    this.svm.setAccount({
      address: address(key),
      lamports: lamports(account.lamports),
      programAddress: address(account.owner),
      executable: account.executable,
      data: account.data,
      space: BigInt(account.data.length)
    })
  }

  /* ------------------------------------------------------------ transactions */

  private blockhashAccepted(tx: VersionedTransaction): boolean {
    return usesNonce(tx) || this.isBlockhashValid(tx.message.recentBlockhash)
  }

  private snapshot(keys: string[]): { balances: number[]; tokens: TokenBalance[] } {
    const balances: number[] = []
    const tokens: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.getAccount(key)
      balances.push(account ? Number(account.lamports) : 0)
      const token = account ? decodeTokenAccount(account.owner, account.data) : null
      const decimals = token ? this.decimalsOf(token.mint) : null
      if (account && token && decimals !== null) {
        tokens.push({
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: account.owner,
          uiTokenAmount: tokenAmount(token.amount, decimals)
        })
      }
    })
    return { balances, tokens }
  }

  private simulateDecoded(decoded: Decoded, sigVerify: boolean): SimulationOutcome {
    const fee = computeFee(decoded.tx.message)
    if (!this.blockhashAccepted(decoded.tx)) {
      const empty = { logs: [], unitsConsumed: 0, returnData: null, innerInstructions: [] }
      return { err: 'BlockhashNotFound', ...empty, postAccounts: new Map(), keys: decoded.keys, fee }
    }
    if (!sigVerify) this.svm.withSigverify(false)
    let result: ReturnType<LiteSVM['simulateTransaction']>
    try {
      result = this.svm.simulateTransaction(decoded.kit)
    } finally {
      if (!sigVerify) this.svm.withSigverify(true)
    }
    if (result instanceof FailedTransactionMetadata) {
      const err = transactionErrorJson(result.err())
      return { err, ...metadataOutcome(result.meta()), postAccounts: new Map(), keys: decoded.keys, fee }
    }
    const postAccounts = new Map<string, RawAccount>()
    for (const account of result.postAccounts()) postAccounts.set(account.address, rawAccount(account))
    return { err: null, ...metadataOutcome(result.meta()), postAccounts, keys: decoded.keys, fee }
  }

  /** simulateTransaction: never changes state. */
  simulate(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean }
  ): SimulationOutcome & { replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null } {
    this.tick()
    let decoded = decodeTransaction(wire, key => this.getAccount(key))
    let replacementBlockhash = null
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.latestBlockhash()
      decoded.tx.message.recentBlockhash = replacementBlockhash.blockhash
      decoded = decodeTransaction(decoded.tx.serialize(), key => this.getAccount(key))
    }
    if (options.sigVerify && !verifySignatures(decoded.tx)) {
      throw new RpcError(-32003, 'Transaction signature verification failure')
    }
    return { ...this.simulateDecoded(decoded, options.sigVerify), replacementBlockhash }
  }

  /**
   * sendTransaction: verifies signatures, runs the preflight simulation (unless skipped) and
   * processes the transaction. Failures a validator would not land come back as JSON-RPC errors
   * with the program logs in `data`; a transaction that lands with an error (skipPreflight) is
   * recorded with its error and fee like on a validator.
   */
  send(wire: Uint8Array, options: { skipPreflight: boolean }): string {
    this.tick()
    const decoded = decodeTransaction(wire, key => this.getAccount(key))
    if (!verifySignatures(decoded.tx)) throw new RpcError(-32003, 'Transaction signature verification failure')
    const prefix = options.skipPreflight ? 'Transaction failed' : 'Transaction simulation failed'
    if (this.records.has(decoded.signature)) {
      if (options.skipPreflight) return decoded.signature
      throw transactionRpcError(prefix, { err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 })
    }
    if (!options.skipPreflight) {
      const outcome = this.simulateDecoded(decoded, true)
      if (outcome.err !== null) throw transactionRpcError(prefix, outcome)
    } else if (!this.blockhashAccepted(decoded.tx)) {
      throw transactionRpcError(prefix, { ...this.simulateDecoded(decoded, true), err: 'BlockhashNotFound' })
    }
    return this.commit(decoded, prefix)
  }

  private commit(decoded: Decoded, errorPrefix: string): string {
    const { tx, keys, signature } = decoded
    const pre = this.snapshot(keys.all)
    const result = this.svm.sendTransaction(decoded.kit)
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    const err = failed ? transactionErrorJson(result.err()) : null
    const outcome = metadataOutcome(meta)
    if (failed && this.svm.getTransaction(signature as Signature) === null) {
      // Not landed (no fee charged): a validator would drop it.
      throw transactionRpcError(errorPrefix, { err: err!, ...outcome })
    }
    const post = this.snapshot(keys.all)
    const memos = tx.message.compiledInstructions
      .filter(ix => MEMO_PROGRAMS.includes(keys.all[ix.programIdIndex] ?? ''))
      .map(ix => `[${ix.data.length}] ${Buffer.from(ix.data).toString('utf8')}`)
    const record: TransactionRecord = {
      signature,
      slot: this.slot,
      blockTime: this.blockTimeOf(this.slot),
      transaction: tx,
      version: tx.version,
      keys,
      err,
      fee: computeFee(tx.message),
      preBalances: pre.balances,
      postBalances: post.balances,
      preTokenBalances: pre.tokens,
      postTokenBalances: post.tokens,
      logs: outcome.logs,
      innerInstructions: outcome.innerInstructions,
      computeUnitsConsumed: outcome.unitsConsumed,
      returnData: outcome.returnData,
      memo: memos.length > 0 ? memos.join('; ') : null
    }
    this.records.set(signature, record)
    this.transactionCount++
    for (const key of new Set(keys.all)) {
      let list = this.signaturesByAddress.get(key)
      if (!list) this.signaturesByAddress.set(key, (list = []))
      list.push(signature)
    }
    const written = failed ? keys.all.slice(0, 1) : keys.all.filter((_, i) => keys.isWritable[i])
    for (const listener of this.transactionListeners) listener(record, written)
    return signature
  }

  /** requestAirdrop: a real System transfer from the faucet, recorded like any transaction. */
  airdrop(to: string, lamports: bigint): string {
    if (!this.faucet) throw new RpcError(-32603, 'Internal error: this runtime has no faucet')
    this.tick()
    for (;;) {
      const tx = new Transaction({ feePayer: this.faucet.publicKey, recentBlockhash: this.latest }).add(
        SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: new PublicKey(to), lamports })
      )
      tx.sign(this.faucet)
      // The same airdrop twice in one slot would repeat a signature: take a fresh blockhash.
      if (tx.signature && this.records.has(toBase58(tx.signature))) {
        this.newBlockhash()
        continue
      }
      return this.send(tx.serialize(), { skipPreflight: false })
    }
  }

  /* ------------------------------------------------------------ history */

  getTransaction(signature: string): TransactionRecord | undefined {
    return this.records.get(signature)
  }

  /** Newest first; `before` and `until` are exclusive, as on a validator. */
  signaturesForAddress(key: string, options: { limit: number; before?: string; until?: string }): TransactionRecord[] {
    const list = this.signaturesByAddress.get(key) ?? []
    const out: TransactionRecord[] = []
    let i = list.length - 1
    if (options.before !== undefined) {
      const at = list.lastIndexOf(options.before)
      i = at === -1 ? -1 : at - 1
    }
    for (; i >= 0 && out.length < options.limit; i--) {
      const signature = list[i]!
      if (signature === options.until) break
      out.push(this.records.get(signature)!)
    }
    return out
  }

  /** Fee for a message, or null when its blockhash is unknown or expired (getFeeForMessage). */
  feeForMessage(message: VersionedMessage): number | null {
    return this.isBlockhashValid(message.recentBlockhash) ? computeFee(message) : null
  }
}
