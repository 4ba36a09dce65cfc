// The Solana methods that need the visitor's approval (src/frame/solana-rpc.ts has their params):
// solana_signMessage, solana_signTransaction, solana_signAllTransactions and
// solana_signAndSendTransaction. A transaction is read from its wire format, shown instruction by
// instruction, signed with the frame's Solana key in its signer slot, and (sign-and-send) sent to
// the Solana network through the backend once every signature is there.
import * as z from 'zod/mini'
import {
  solanaSignAllTransactionsSchema,
  solanaSignAndSendSchema,
  solanaSignTransactionSchema
} from '../../src/frame/solana-rpc.js'
import { decodeBase58, encodeBase58, toBase64 } from '../../src/utils/base58.js'
import type { Keyring } from './keys.js'
import { summarizeSolanaTransaction } from './solana-instructions.js'
import { sendSolanaTransaction, type SolanaForward } from './solana-send.js'
import {
  decodeTransaction,
  encodeTransaction,
  isUnsigned,
  signTransaction,
  transactionId,
  WireFormatError,
  type WireTransaction
} from './solana-wire.js'
import type { ApprovalPlan } from './rpc-approvals.js'
import { parseParams } from './rpc-params.js'

export interface SolanaApprovalContext {
  readonly keyring: Keyring
  /** The Solana network last asked about (CAIP-2), the default of sign-and-send. */
  readonly solanaChainId?: string
  readonly forwardSolana: SolanaForward
}

type SolanaPlanner = (params: unknown, context: SolanaApprovalContext) => ApprovalPlan

const solanaMessageSchema = z.object({ message: z.string(), pubkey: z.optional(z.string()) })

function checkSigner(method: string, pubkey: string | undefined, keyring: Keyring): void {
  if (pubkey !== undefined && pubkey !== keyring.solanaAddress) {
    throw new Error(`${method} asks for ${pubkey}, which is not this wallet’s address`)
  }
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  return Uint8Array.from(binary, char => char.charCodeAt(0))
}

/** The transaction in `text` (base64 wire format), which this wallet must be asked to sign. */
function readTransaction(method: string, text: string, keyring: Keyring): WireTransaction {
  let transaction: WireTransaction
  try {
    transaction = decodeTransaction(fromBase64(text))
  } catch (error) {
    if (error instanceof WireFormatError || error instanceof DOMException) {
      throw new Error(`${method} got a transaction it cannot read: ${error.message}`, { cause: error })
    }
    throw error
  }
  if (!transaction.accounts.slice(0, transaction.requiredSignatures).includes(keyring.solanaAddress)) {
    throw new Error(`${method} got a transaction that this wallet (${keyring.solanaAddress}) does not sign`)
  }
  return transaction
}

const signed = (transaction: WireTransaction, keyring: Keyring) =>
  signTransaction(transaction, keyring.solanaAddress, message => keyring.signSolana(message))

export const SOLANA_APPROVAL_PLANNERS: Record<string, SolanaPlanner> = {
  solana_signMessage(params, { keyring }) {
    const { message, pubkey } = parseParams('solana_signMessage', solanaMessageSchema, params)
    checkSigner('solana_signMessage', pubkey, keyring)
    const bytes = decodeBase58(message)
    if (!bytes) throw new Error('solana_signMessage got a message that is not base58')
    return {
      request: { kind: 'message', namespace: 'solana', bytes },
      run: async () => ({ signature: encodeBase58(keyring.signSolana(bytes)) })
    }
  },

  solana_signTransaction(params, { keyring }) {
    const method = 'solana_signTransaction'
    const { transaction: text, pubkey } = parseParams(method, solanaSignTransactionSchema, params)
    checkSigner(method, pubkey, keyring)
    const transaction = readTransaction(method, text, keyring)
    return {
      request: {
        kind: 'solana-transactions',
        send: false,
        transactions: [summarizeSolanaTransaction(transaction, keyring.solanaAddress)]
      },
      async run() {
        const done = signed(transaction, keyring)
        return { signature: encodeBase58(done.signature), transaction: toBase64(encodeTransaction(done.transaction)) }
      }
    }
  },

  solana_signAllTransactions(params, { keyring }) {
    const method = 'solana_signAllTransactions'
    const { transactions: texts, pubkey } = parseParams(method, solanaSignAllTransactionsSchema, params)
    checkSigner(method, pubkey, keyring)
    const transactions = texts.map(text => readTransaction(method, text, keyring))
    return {
      request: {
        kind: 'solana-transactions',
        send: false,
        transactions: transactions.map(transaction => summarizeSolanaTransaction(transaction, keyring.solanaAddress))
      },
      run: async () => ({
        transactions: transactions.map(transaction =>
          toBase64(encodeTransaction(signed(transaction, keyring).transaction))
        )
      })
    }
  },

  solana_signAndSendTransaction(params, { keyring, solanaChainId, forwardSolana }) {
    const method = 'solana_signAndSendTransaction'
    const {
      transaction: text,
      pubkey,
      options,
      chainId = solanaChainId
    } = parseParams(method, solanaSignAndSendSchema, params)
    checkSigner(method, pubkey, keyring)
    if (!chainId) throw new Error(`${method} needs the Solana network to send on (chainId)`)
    const transaction = readTransaction(method, text, keyring)
    const missing = transaction.signatures.filter(
      (signature, slot) => isUnsigned(signature) && transaction.accounts[slot] !== keyring.solanaAddress
    ).length
    if (missing > 0) {
      throw new Error(`${method} got a transaction that still needs ${missing} other signature(s); it cannot be sent`)
    }
    return {
      request: {
        kind: 'solana-transactions',
        send: true,
        chainId,
        transactions: [summarizeSolanaTransaction(transaction, keyring.solanaAddress)]
      },
      async run() {
        const done = signed(transaction, keyring).transaction
        const signature = await sendSolanaTransaction({
          forward: forwardSolana,
          chainId,
          transaction: encodeTransaction(done),
          signature: transactionId(done),
          ...(options ? { options } : {})
        })
        return { signature }
      }
    }
  }
}
