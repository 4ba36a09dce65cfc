/**
 * The AppKit Solana Test Wallet: a Wallet Standard wallet over one local test key, signing with
 * WebCrypto Ed25519 and sending to one Solana JSON-RPC endpoint (the local LiteSVM runtime).
 */
import type { VersionedTransaction } from '@solana/web3.js'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput,
  type SolanaTransactionCommitment
} from '@solana/wallet-standard-features'
import {
  ReadonlyWalletAccount,
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type IdentifierArray,
  type StandardConnectFeature,
  type StandardConnectInput,
  type StandardConnectOutput,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type Wallet,
  type WalletAccount
} from '@wallet-standard/core'
import { ApprovalQueue, shorten, type ApprovalRequest, type AutoApprove } from '../shared/approval-panel.js'
import { SOLANA_WALLET_ICON } from '../shared/icons.js'
import { describeMessage } from '../shared/message.js'
import { StandardChangeEvents } from '../shared/standard-events.js'
import { JsonStorage, isRecord } from '../shared/storage.js'
import { encodeBase58 } from './base58.js'
import { ed25519Signer, type Ed25519Signer } from './ed25519.js'
import { SolanaWalletError } from './errors.js'
import { bytesToBase64, describeTransaction, parseTransaction } from './transaction.js'

export { SolanaWalletError } from './errors.js'

export const SOLANA_TEST_WALLET_NAME = 'AppKit Solana Test Wallet'

const userRejected = () => new SolanaWalletError(4001, 'User rejected the request.')
const unauthorized = (detail: string) => new SolanaWalletError(4100, detail)

const COMMITMENT_RANK: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 }

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignMessageFeature

export interface SolanaTestWalletConfig {
  secretKey: readonly number[]
  label: string
  rpcUrl: string
  chains: IdentifierArray
  autoApprove?: AutoApprove
  storageKey: string
  /** How long signAndSendTransaction waits for the requested commitment. */
  confirmTimeoutMs: number
}

interface Persisted {
  version: 1
  address: string
  origins: string[]
}

export class SolanaTestWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = SOLANA_TEST_WALLET_NAME
  readonly icon = SOLANA_WALLET_ICON
  readonly approvals: ApprovalQueue
  readonly rpcUrl: string

  #chains: IdentifierArray
  #signer: Ed25519Signer
  #address: string
  #label: string
  #account: WalletAccount | undefined
  #events = new StandardChangeEvents()
  #storage: JsonStorage<Persisted>
  #confirmTimeoutMs: number
  #rpcId = 0

  constructor(config: SolanaTestWalletConfig) {
    this.#signer = ed25519Signer(config.secretKey)
    this.#address = encodeBase58(this.#signer.publicKey)
    this.#label = config.label
    this.#chains = config.chains
    this.rpcUrl = config.rpcUrl
    this.#storage = new JsonStorage<Persisted>(config.storageKey)
    this.#confirmTimeoutMs = config.confirmTimeoutMs
    this.approvals = new ApprovalQueue({
      walletName: SOLANA_TEST_WALLET_NAME,
      testIdPrefix: 'solana-wallet',
      placement: 'left',
      autoApprove: config.autoApprove
    })
  }

  get address(): string {
    return this.#address
  }

  get chains(): IdentifierArray {
    return this.#chains.slice()
  }

  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : []
  }

  #features?: Features

  get features(): Features {
    return (this.#features ??= {
      [StandardConnect]: { version: '1.0.0', connect: this.#connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect: this.#disconnect },
      [StandardEvents]: { version: '1.0.0', on: this.#events.on },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: this.#signTransaction
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: this.#signAndSendTransaction
      },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: this.#signMessage }
    })
  }

  /** Adds a chain (e.g. the local runtime's genesis id) and tells the app. */
  addChain(chain: `${string}:${string}`): void {
    if (this.#chains.includes(chain)) return
    this.#chains = [...this.#chains, chain]
    if (this.#account) this.#account = this.#makeAccount()
    this.#events.emit({ chains: this.chains, ...(this.#account ? { accounts: this.accounts } : {}) })
  }

  #makeAccount(): WalletAccount {
    return new ReadonlyWalletAccount({
      address: this.#address,
      publicKey: this.#signer.publicKey.slice(),
      chains: this.chains,
      features: [SolanaSignTransaction, SolanaSignAndSendTransaction, SolanaSignMessage],
      label: this.#label,
      icon: SOLANA_WALLET_ICON
    })
  }

  // ---------------------------------------------------------------- persistence

  #approvedOrigins(): string[] {
    const stored = this.#storage.read(value => {
      if (!isRecord(value) || value.version !== 1 || value.address !== this.#address || !Array.isArray(value.origins)) {
        return undefined
      }
      return { version: 1, address: this.#address, origins: value.origins.filter(o => typeof o === 'string') }
    })
    return stored?.origins ?? []
  }

  #setApproved(approved: boolean): void {
    const others = this.#approvedOrigins().filter(origin => origin !== location.origin)
    this.#storage.write({
      version: 1,
      address: this.#address,
      origins: approved ? [...others, location.origin] : others
    })
  }

  // ---------------------------------------------------------------- connect

  #connect = async (input?: StandardConnectInput): Promise<StandardConnectOutput> => {
    if (!this.#account) {
      const approved = this.#approvedOrigins().includes(location.origin)
      if (!approved) {
        // A silent connect never asks: it connects only a site that was approved before.
        if (input?.silent) return { accounts: [] }
        await this.#ask({
          method: 'standard:connect',
          title: `Connect to ${location.host || location.origin}`,
          details: [
            ['Account', this.#address],
            ['Chains', this.#chains.join('\n')]
          ]
        })
        this.#setApproved(true)
      }
      this.#account = this.#makeAccount()
      this.#events.emit({ accounts: this.accounts })
    }
    return { accounts: this.accounts }
  }

  #disconnect = async (): Promise<void> => {
    this.#setApproved(false)
    if (this.#account) {
      this.#account = undefined
      this.#events.emit({ accounts: this.accounts })
    }
  }

  async #ask(request: ApprovalRequest): Promise<void> {
    if (!(await this.approvals.ask(request))) throw userRejected()
  }

  #checkAccount(account: WalletAccount): void {
    if (!this.#account) throw unauthorized('The Solana test wallet is not connected: call standard:connect first.')
    if (account.address !== this.#address)
      throw unauthorized(`This wallet holds ${this.#address}, not ${account.address}.`)
  }

  // ---------------------------------------------------------------- transactions

  /** Adds this wallet's signature where the message asks for it. */
  async #sign(transaction: VersionedTransaction): Promise<Uint8Array> {
    const { message } = transaction
    const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures)
    const at = signers.findIndex(key => encodeBase58(key.toBytes()) === this.#address)
    if (at === -1)
      throw new SolanaWalletError(-32602, `The transaction does not need a signature from ${this.#address}.`)
    const signature = await this.#signer.sign(message.serialize())
    transaction.signatures[at] = signature
    return signature
  }

  #request(
    method: string,
    inputs: readonly { transaction: Uint8Array }[]
  ): { request: ApprovalRequest; parsed: VersionedTransaction[] } {
    const parsed = inputs.map(input => parseTransaction(input.transaction))
    const lines = parsed.flatMap((transaction, index) =>
      describeTransaction(transaction).map((line, j): [string, string] => [
        parsed.length > 1 ? `Tx ${index + 1}.${j + 1}` : `Instruction ${j + 1}`,
        line
      ])
    )
    const first = lines[0]?.[1]
    const title =
      parsed.length > 1
        ? `${method === SolanaSignTransaction ? 'Sign' : 'Sign and send'} ${parsed.length} transactions`
        : lines.length === 1 && first?.startsWith('Transfer ')
          ? first.replace(/to (\S+)$/, (_, to: string) => `to ${shorten(to)}`)
          : method === SolanaSignTransaction
            ? 'Sign a transaction'
            : 'Sign and send a transaction'
    return {
      parsed,
      request: { method, title, details: [['Account', this.#address], ['RPC', this.rpcUrl], ...lines] }
    }
  }

  #signTransaction = async (
    ...inputs: readonly SolanaSignTransactionInput[]
  ): Promise<readonly SolanaSignTransactionOutput[]> => {
    for (const input of inputs) this.#checkAccount(input.account)
    const { request, parsed } = this.#request(SolanaSignTransaction, inputs)
    await this.#ask(request)
    const outputs: SolanaSignTransactionOutput[] = []
    for (const transaction of parsed) {
      await this.#sign(transaction)
      outputs.push({ signedTransaction: transaction.serialize() })
    }
    return outputs
  }

  #signAndSendTransaction = async (
    ...inputs: readonly SolanaSignAndSendTransactionInput[]
  ): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
    for (const input of inputs) {
      this.#checkAccount(input.account)
      if (!this.#chains.includes(input.chain)) {
        throw new SolanaWalletError(4901, `The Solana test wallet does not support the chain ${input.chain}.`)
      }
    }
    const { request, parsed } = this.#request(SolanaSignAndSendTransaction, inputs)
    await this.#ask(request)
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    for (const [index, transaction] of parsed.entries()) {
      const options = inputs[index]?.options ?? {}
      const signature = await this.#sign(transaction)
      const config: Record<string, unknown> = { encoding: 'base64' }
      if (options.skipPreflight !== undefined) config.skipPreflight = options.skipPreflight
      if (options.preflightCommitment) config.preflightCommitment = options.preflightCommitment
      if (options.maxRetries !== undefined) config.maxRetries = options.maxRetries
      if (options.minContextSlot !== undefined) config.minContextSlot = options.minContextSlot
      await this.rpc('sendTransaction', [bytesToBase64(transaction.serialize()), config])
      if (options.commitment) await this.#confirm(encodeBase58(signature), options.commitment)
      outputs.push({ signature })
    }
    return outputs
  }

  #signMessage = async (...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> => {
    for (const input of inputs) this.#checkAccount(input.account)
    await this.#ask({
      method: SolanaSignMessage,
      title: inputs.length > 1 ? `Sign ${inputs.length} messages` : 'Sign a message',
      details: [
        ['Account', this.#address],
        ...inputs.map((input, i): [string, string] => [`Message ${i + 1}`, describeMessage(input.message)])
      ]
    })
    const outputs: SolanaSignMessageOutput[] = []
    for (const input of inputs) {
      const signature = await this.#signer.sign(input.message)
      outputs.push({ signedMessage: input.message, signature, signatureType: 'ed25519' })
    }
    return outputs
  }

  // ---------------------------------------------------------------- RPC

  /** One JSON-RPC call to the wallet's endpoint; an RPC error becomes a SolanaWalletError with its code. */
  async rpc(method: string, params: unknown[] = []): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(this.rpcUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.#rpcId, method, params })
      })
    } catch (error) {
      throw new SolanaWalletError(
        4900,
        `The Solana test wallet cannot reach ${this.rpcUrl}: ${error instanceof Error ? error.message : String(error)}`
      )
    }
    const body = (await response.json().catch(() => undefined)) as unknown
    if (!isRecord(body))
      throw new SolanaWalletError(
        -32603,
        `${this.rpcUrl} answered ${method} with HTTP ${response.status} and no JSON-RPC object`
      )
    if (isRecord(body.error)) {
      const { code, message } = body.error
      throw new SolanaWalletError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : `${method} failed`
      )
    }
    return body.result
  }

  async #confirm(signature: string, commitment: SolanaTransactionCommitment): Promise<void> {
    const wanted = COMMITMENT_RANK[commitment] ?? 1
    const deadline = Date.now() + this.#confirmTimeoutMs
    for (;;) {
      const result = (await this.rpc('getSignatureStatuses', [[signature]])) as {
        value: ({ err: unknown; confirmationStatus?: string } | null)[]
      }
      const status = result.value[0]
      if (status?.err)
        throw new SolanaWalletError(-32002, `Transaction ${signature} failed: ${JSON.stringify(status.err)}`)
      if (status && (COMMITMENT_RANK[status.confirmationStatus ?? 'processed'] ?? 0) >= wanted) return
      if (Date.now() > deadline) {
        throw new SolanaWalletError(
          -32003,
          `Transaction ${signature} was not ${commitment} within ${this.#confirmTimeoutMs} ms`
        )
      }
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
}
