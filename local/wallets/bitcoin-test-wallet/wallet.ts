/**
 * The AppKit Bitcoin Test Wallet: a Wallet Standard wallet with the `bitcoin:` extensions over one
 * of the local regtest node's test accounts (local/bitcoin/accounts.ts: TEST KEYS ONLY). It gives
 * the payment address (P2WPKH) and, when the app asks for the purpose `ordinals`, the ordinals
 * address (P2TR), in the order asked; it signs messages with BIP-322 (simple) for either address,
 * signs PSBTs (`bitcoin:signTransaction`) and sends payments itself (`bitcoin:sendTransfer`,
 * standard-transactions.ts) through the node's Esplora API at `esploraUrl`.
 */
import {
  ReadonlyWalletAccount,
  StandardDisconnect,
  StandardEvents,
  type IdentifierArray,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type Wallet,
  type WalletAccount
} from '@wallet-standard/core'
import { DEFAULT_BITCOIN_PORT, type BitcoinTestAccount, type BitcoinTestKey } from '../../bitcoin/accounts.js'
import { ApprovalQueue, type ApprovalRequest, type AutoApprove } from '../shared/approval-panel.js'
import { BITCOIN_WALLET_ICON } from '../shared/icons.js'
import { describeMessage } from '../shared/message.js'
import { StandardChangeEvents } from '../shared/standard-events.js'
import { JsonStorage, isRecord } from '../shared/storage.js'
import { SolanaWalletError as BitcoinWalletError } from '../solana-test-wallet/errors.js'
import { signBip322P2tr, signBip322P2wpkh } from './bip322.js'
import {
  BitcoinSendTransfer,
  BitcoinSignTransaction,
  sendTransfer,
  signTransactions,
  type BitcoinSendTransferInput,
  type BitcoinSendTransferOutput,
  type BitcoinSignTransactionInput,
  type BitcoinSignTransactionOutput,
  type WalletSide
} from './standard-transactions.js'

export { BitcoinWalletError }

export const BITCOIN_TEST_WALLET_NAME = 'AppKit Bitcoin Test Wallet'

export const BitcoinConnect = 'bitcoin:connect' as const
export const BitcoinSignMessage = 'bitcoin:signMessage' as const

/** The address purposes of `bitcoin:connect`. */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'
const PURPOSES: readonly BitcoinAddressPurpose[] = ['payment', 'ordinals']

export interface BitcoinConnectInput {
  readonly purposes: readonly BitcoinAddressPurpose[]
}
export interface BitcoinSignMessageInput {
  readonly account: WalletAccount
  readonly message: Uint8Array
}
export interface BitcoinSignMessageOutput {
  readonly signedMessage: Uint8Array
  /** The BIP-322 simple signature: the witness stack, serialized (its base64 is what tools print). */
  readonly signature: Uint8Array
}

type Features = StandardDisconnectFeature &
  StandardEventsFeature & {
    readonly [BitcoinConnect]: {
      readonly version: '1.0.0'
      readonly connect: (input: BitcoinConnectInput) => Promise<{ readonly accounts: readonly WalletAccount[] }>
    }
    readonly [BitcoinSignMessage]: {
      readonly version: '1.0.0'
      readonly signMessage: (
        ...inputs: readonly BitcoinSignMessageInput[]
      ) => Promise<readonly BitcoinSignMessageOutput[]>
    }
    readonly [BitcoinSignTransaction]: {
      readonly version: '1.0.0'
      readonly signTransaction: (
        ...inputs: readonly BitcoinSignTransactionInput[]
      ) => Promise<readonly BitcoinSignTransactionOutput[]>
    }
    readonly [BitcoinSendTransfer]: {
      readonly version: '1.0.0'
      readonly sendTransfer: (input: BitcoinSendTransferInput) => Promise<BitcoinSendTransferOutput>
    }
  }

export interface BitcoinTestWalletConfig {
  account: BitcoinTestAccount
  label: string
  chains: IdentifierArray
  autoApprove?: AutoApprove
  storageKey: string
  /** The node's Esplora API (transactions are posted there); default the local node's, http://127.0.0.1:18443. */
  esploraUrl?: string
}

/** What the wallet remembers: the sites it connected, each with the purposes it gave. */
interface Persisted {
  version: 1
  address: string
  sites: Record<string, BitcoinAddressPurpose[]>
}

const userRejected = () => new BitcoinWalletError(4001, 'User rejected the request.')
const unauthorized = (detail: string) => new BitcoinWalletError(4100, detail)

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], byte => parseInt(byte, 16))

export class BitcoinTestWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = BITCOIN_TEST_WALLET_NAME
  readonly icon = BITCOIN_WALLET_ICON
  readonly approvals: ApprovalQueue

  #config: BitcoinTestWalletConfig
  #accounts: WalletAccount[] = []
  #events = new StandardChangeEvents()
  #storage: JsonStorage<Persisted>

  constructor(config: BitcoinTestWalletConfig) {
    this.#config = config
    this.#storage = new JsonStorage<Persisted>(config.storageKey)
    this.approvals = new ApprovalQueue({
      walletName: BITCOIN_TEST_WALLET_NAME,
      testIdPrefix: 'bitcoin-wallet',
      placement: 'left',
      autoApprove: config.autoApprove
    })
    // A site connected before sees its accounts at once (the Wallet Standard's `accounts`: those the
    // app is authorized to use), so that it reconnects after a reload without asking.
    const given = this.#sites()[location.origin]
    if (given) this.#accounts = given.map(purpose => this.#makeAccount(purpose))
  }

  /** The payment address (P2WPKH), bcrt1q… */
  get address(): string {
    return this.#config.account.payment.address
  }

  /** The ordinals address (P2TR), bcrt1p… */
  get ordinalsAddress(): string {
    return this.#config.account.ordinals.address
  }

  get chains(): IdentifierArray {
    return this.#config.chains.slice()
  }

  get accounts(): readonly WalletAccount[] {
    return this.#accounts.slice()
  }

  #features?: Features

  get features(): Features {
    return (this.#features ??= {
      [BitcoinConnect]: { version: '1.0.0', connect: this.#connect },
      [BitcoinSignMessage]: { version: '1.0.0', signMessage: this.#signMessage },
      [BitcoinSignTransaction]: {
        version: '1.0.0',
        signTransaction: (...inputs: readonly BitcoinSignTransactionInput[]) => signTransactions(this.#side(), inputs)
      },
      [BitcoinSendTransfer]: {
        version: '1.0.0',
        sendTransfer: (input: BitcoinSendTransferInput) => sendTransfer(this.#side(), input)
      },
      [StandardDisconnect]: { version: '1.0.0', disconnect: this.#disconnect },
      [StandardEvents]: { version: '1.0.0', on: this.#events.on }
    })
  }

  #key(purpose: BitcoinAddressPurpose): BitcoinTestKey {
    return purpose === 'payment' ? this.#config.account.payment : this.#config.account.ordinals
  }

  #makeAccount(purpose: BitcoinAddressPurpose): WalletAccount {
    const key = this.#key(purpose)
    return new ReadonlyWalletAccount({
      address: key.address,
      publicKey: hexBytes(key.publicKey),
      chains: this.chains,
      // BIP-322 simple signing and sendTransfer are offered for the segwit v0 (payment) address.
      features:
        purpose === 'payment'
          ? [BitcoinSignMessage, BitcoinSignTransaction, BitcoinSendTransfer]
          : [BitcoinSignTransaction],
      label: `${this.#config.label} (${purpose})`,
      icon: BITCOIN_WALLET_ICON
    })
  }

  // ---------------------------------------------------------------- persistence

  #sites(): Record<string, BitcoinAddressPurpose[]> {
    const stored = this.#storage.read(value => {
      if (!isRecord(value) || value.version !== 1 || value.address !== this.address || !isRecord(value.sites)) {
        return undefined
      }
      const sites: Record<string, BitcoinAddressPurpose[]> = {}
      for (const [origin, purposes] of Object.entries(value.sites)) {
        if (Array.isArray(purposes)) sites[origin] = purposes.filter(p => PURPOSES.includes(p as BitcoinAddressPurpose))
      }
      return { version: 1, address: this.address, sites }
    })
    return stored?.sites ?? {}
  }

  #remember(purposes: BitcoinAddressPurpose[] | undefined): void {
    const others = Object.entries(this.#sites()).filter(([origin]) => origin !== location.origin)
    const sites = Object.fromEntries(purposes ? [...others, [location.origin, purposes]] : others)
    this.#storage.write({ version: 1, address: this.address, sites })
  }

  // ---------------------------------------------------------------- features

  async #ask(request: ApprovalRequest): Promise<void> {
    if (!(await this.approvals.ask(request))) throw userRejected()
  }

  /** What the payment features use: the site's accounts' keys, the panel and the node. */
  #side(): WalletSide {
    return {
      keyOf: (address: string) => {
        const purpose = PURPOSES.find(p => this.#key(p).address === address)
        if (!purpose || !this.#accounts.some(account => account.address === address)) {
          throw unauthorized(`The Bitcoin test wallet gave this site no account ${String(address)}.`)
        }
        return this.#key(purpose)
      },
      ask: request => this.#ask(request),
      esploraUrl: this.#config.esploraUrl ?? `http://127.0.0.1:${DEFAULT_BITCOIN_PORT}`
    }
  }

  #connect = async (input: BitcoinConnectInput): Promise<{ readonly accounts: readonly WalletAccount[] }> => {
    const asked = Array.isArray(input?.purposes) ? input.purposes : []
    const purposes = [...new Set(asked)].filter(purpose => PURPOSES.includes(purpose))
    if (purposes.length === 0) {
      throw new BitcoinWalletError(-32602, `bitcoin:connect needs purposes among ${PURPOSES.join(', ')}.`)
    }
    const given = this.#sites()[location.origin] ?? []
    if (!purposes.every(purpose => given.includes(purpose))) {
      await this.#ask({
        method: BitcoinConnect,
        title: `Connect to ${location.host || location.origin}`,
        details: [
          ...purposes.map((purpose): [string, string] => [
            purpose === 'payment' ? 'Payment (P2WPKH)' : 'Ordinals (P2TR)',
            this.#key(purpose).address
          ]),
          ['Chains', this.#config.chains.join('\n')]
        ]
      })
      this.#remember([...new Set([...given, ...purposes])])
    }
    // The accounts asked, in the order asked (the standard's rule); the site's others stay exposed.
    const asAccounts = purposes.map(purpose => this.#makeAccount(purpose))
    const others = this.#accounts.filter(account => !asAccounts.some(mine => mine.address === account.address))
    this.#accounts = [...asAccounts, ...others]
    this.#events.emit({ accounts: this.accounts })
    return { accounts: asAccounts }
  }

  #disconnect = async (): Promise<void> => {
    this.#remember(undefined)
    if (this.#accounts.length > 0) {
      this.#accounts = []
      this.#events.emit({ accounts: this.accounts })
    }
  }

  #signMessage = async (
    ...inputs: readonly BitcoinSignMessageInput[]
  ): Promise<readonly BitcoinSignMessageOutput[]> => {
    for (const input of inputs) {
      if (!this.#accounts.some(account => account.address === input.account.address)) {
        throw unauthorized(`The Bitcoin test wallet gave this site no account ${input.account.address}.`)
      }
    }
    const signers = [...new Set(inputs.map(input => input.account.address))]
    await this.#ask({
      method: BitcoinSignMessage,
      title: inputs.length > 1 ? `Sign ${inputs.length} messages` : 'Sign a message',
      details: [
        ...signers.map((address): [string, string] => ['Account', address]),
        ...inputs.map((input, i): [string, string] => [`Message ${i + 1}`, describeMessage(input.message)])
      ]
    })
    const { payment, ordinals } = this.#config.account
    return inputs.map(input => {
      // BIP-322 simple: P2WPKH with the payment key, P2TR key path with the ordinals key.
      const signature =
        input.account.address === ordinals.address
          ? signBip322P2tr(hexBytes(ordinals.privateKey), input.message)
          : signBip322P2wpkh(hexBytes(payment.privateKey), input.message)
      return { signedMessage: input.message, signature: Uint8Array.from(atob(signature), c => c.charCodeAt(0)) }
    })
  }
}
