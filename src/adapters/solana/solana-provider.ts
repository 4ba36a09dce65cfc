/**
 * The Solana wallet provider the app gets from `getWalletProvider('solana')` (issue 31; its type is
 * in solana-provider-types.ts): @solana/web3.js transactions in, the connected connector's Solana
 * signing underneath (Wallet Standard, WalletConnect or the embedded wallet's frame). Transactions
 * go to the wallet in wire format and come back as the class the app passed (its own copy of
 * web3.js included). Every failure is a SolanaProviderError with the wallet's code and message.
 * This module loads with web3.js, only once the app has a Solana connection; it knows no store:
 * its owner (the bridge store) raises its events through `emit`.
 */
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { Connector } from '../../connectors/types.js'
import { SolanaProviderError, UNSUPPORTED_METHOD } from '../../errors/solana-provider-error.js'
import { encodeBase58 } from '../../utils/base58.js'
import type {
  AnySolanaTransaction,
  SolanaProviderEvent,
  SolanaProviderEventMap,
  SolanaProviderHandle,
  SolanaProviderListener,
  SolanaProviderOptions,
  SolanaSendOptions
} from './solana-provider-types.js'

export { SolanaProviderError }

const isVersioned = (transaction: AnySolanaTransaction): transaction is VersionedTransaction => 'version' in transaction

/** The wire format the wallet signs: a legacy transaction as it is, without the signatures it still lacks. */
function serialize(transaction: AnySolanaTransaction): Uint8Array {
  if (isVersioned(transaction)) return transaction.serialize()
  return Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))
}

/** `bytes` read back as an instance of `like`'s class (the app's web3.js when it has its own copy). */
function deserialize<T extends AnySolanaTransaction>(like: T, bytes: Uint8Array): T {
  if (isVersioned(like)) {
    const own = like.constructor as Partial<typeof VersionedTransaction>
    return (own.deserialize ?? VersionedTransaction.deserialize)(bytes) as T
  }
  const own = like.constructor as Partial<typeof Transaction>
  return (own.from ?? Transaction.from)(bytes) as T
}

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.slice(2).match(/../g) ?? [], pair => parseInt(pair, 16))
}

/** Runs `ask`; whatever it throws becomes a SolanaProviderError keeping the wallet's code and message. */
async function asking<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask()
  } catch (error) {
    throw SolanaProviderError.from(error)
  }
}

function method<K extends 'signMessageBytes' | 'solanaSignTransactions' | 'sendTransaction'>(
  connector: Connector,
  name: K,
  what: string
): NonNullable<Connector[K]> {
  const found = connector[name]
  if (!found) throw new SolanaProviderError(`${connector.name} cannot ${what}`, UNSUPPORTED_METHOD)
  return found.bind(connector) as NonNullable<Connector[K]>
}

export function createSolanaProvider({ connector, address, chain }: SolanaProviderOptions): SolanaProviderHandle {
  let current = { address, chain, publicKey: undefined as PublicKey | undefined }
  const listeners = new Map<SolanaProviderEvent, Set<(payload: never) => void>>()

  function call<E extends SolanaProviderEvent>(event: E, payload: SolanaProviderEventMap[E]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as SolanaProviderListener<E>)(payload)
      } catch (error) {
        // One app listener's failure neither stops the others nor the kit.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  const publicKey = (): PublicKey => (current.publicKey ??= new PublicKey(current.address))

  async function signAll<T extends AnySolanaTransaction>(transactions: readonly T[]): Promise<T[]> {
    if (transactions.length === 0) return []
    const sign = method(connector, 'solanaSignTransactions', 'sign Solana transactions')
    const signed = await sign(transactions.map(serialize), current.address, current.chain)
    return signed.map((bytes, index) => deserialize(transactions[index] as T, bytes))
  }

  return {
    get publicKey() {
      return publicKey()
    },

    signMessage: message =>
      asking(() => method(connector, 'signMessageBytes', 'sign messages')(message, current.address)),

    signTransaction: transaction =>
      asking(async () => {
        const [signed] = await signAll([transaction])
        return signed as typeof transaction
      }),

    signAllTransactions: <T extends AnySolanaTransaction[]>(transactions: T) =>
      asking(async () => (await signAll(transactions)) as T),

    signAndSendTransaction: (transaction: AnySolanaTransaction, options?: SolanaSendOptions) =>
      asking(async () => {
        const send = method(connector, 'sendTransaction', 'send Solana transactions')
        const request = {
          namespace: 'solana' as const,
          from: current.address,
          chain: current.chain,
          transaction: serialize(transaction),
          ...(options ? { options } : {})
        }
        // Connectors answer a Solana signature as 0x hex (the kit's Send flow shows it so); apps get base58.
        return encodeBase58(hexToBytes(await send(request)))
      }),

    sendTransaction: (transaction, connection, options) =>
      asking(async () => {
        const [signed] = await signAll([transaction])
        // Every signature is there now: serialize() checks it, as the wallet adapters' sendTransaction does.
        return connection.sendRawTransaction((signed as AnySolanaTransaction).serialize(), options)
      }),

    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener as (payload: never) => void)
    },

    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
    },

    emit(event, payload) {
      if (event === 'accountsChanged' && typeof payload === 'string' && payload !== current.address) {
        current = { ...current, address: payload, publicKey: undefined }
        call('accountsChanged', publicKey())
      } else if (event === 'chainChanged' && typeof payload === 'string' && payload !== current.chain) {
        current = { ...current, chain: payload }
        call('chainChanged', payload)
      } else if (event === 'disconnect') call('disconnect', undefined)
    }
  }
}
