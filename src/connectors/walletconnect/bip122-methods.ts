import * as z from 'zod/mini'
import { isBitcoinAddress } from '../../utils/address.js'
import { fromBase64, toBase64 } from '../../utils/base58.js'
import { bitcoinAccountType } from '../../utils/bitcoin-account-type.js'
import type { CaipNetwork } from '../../networks/types.js'
import { readEsploraBalance } from '../../adapters/bitcoin/esplora-balance.js'
import type { BitcoinTransferRequest } from '../types.js'
import type { WalletConnectController } from './controller.js'

/**
 * WalletConnect's Bitcoin (bip122) methods for the kit's WalletConnect connector (issue 34), as
 * WalletConnect's Bitcoin RPC reference has them: getAccountAddresses, signMessage, signPsbt and
 * sendTransfer, each with the connected account (the session's first address) as `account`. This
 * module loads only when a Bitcoin account is used over WalletConnect (its own chunk; beside the
 * classic script). It holds no state of the kit and throws plain errors: the connector keeps the
 * kit's error classes. Every answer of the wallet is parsed; one that does not read is refused.
 */

/** The live session as the bip122 methods see it. */
interface Bip122Session {
  /** The addresses the session approved on its Bitcoin chain, the wallet's first one first. */
  readonly addresses: readonly string[]
  /** The methods the wallet approved on bip122. */
  readonly methods: readonly string[]
  /** The session's properties (bip122_getAccountAddresses: the wallet's addresses, as JSON). */
  readonly properties: Readonly<Record<string, string>>
  /** A request to the wallet on `chain` (CAIP-2; default the session's Bitcoin chain). */
  request(method: string, params: unknown): Promise<unknown>
}

function sessionOf(controller: WalletConnectController, chain?: string): Bip122Session {
  const mine = controller.accounts()?.bip122
  const on = chain ?? `bip122:${mine?.chainId ?? ''}`
  return {
    addresses: mine?.addresses ?? [],
    methods: controller.methods('bip122'),
    properties: controller.properties(),
    request: (method, params) => controller.request(on, method, params)
  }
}

const WALLET = 'The WalletConnect wallet'
const unreadable = (method: string) => new Error(`${WALLET} answered ${method} unreadably`)

const bitcoinAddress = z.string().check(z.refine(isBitcoinAddress, 'a Bitcoin address'))
/** getAccountAddresses' answer (and the session property that carries it): each address with its intention, if told. */
const accountAddressesSchema = z.array(z.object({ address: bitcoinAddress, intention: z.optional(z.string()) }))
const hexSchema = z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/, 'hex bytes'))
/** signMessage's answer: the address that signed, the signature as hex bytes. */
const signMessageAnswerSchema = z.object({ address: z.string(), signature: hexSchema })
const txidSchema = z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'a transaction id'))
/** signPsbt's answer: the signed PSBT (base64), and the transaction id once the wallet broadcast it. */
const signPsbtAnswerSchema = z.object({ psbt: z.string(), txid: z.optional(txidSchema) })
/** sendTransfer's answer. */
const sendTransferAnswerSchema = z.object({ txid: txidSchema })

/** How long connecting waits for the wallet's getAccountAddresses before the address type decides. */
export const ACCOUNT_ADDRESSES_WAIT_MS = 10_000

/** SIGHASH_ALL: the signature commits to every input and output, as the kit's preview showed them. */
const SIGHASH_ALL = 1

function fromJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The address of `accountType` ('ordinal', else payment) among the session's. The wallet tells which
 * address serves which intention in the session's bip122_getAccountAddresses property or, when it
 * did not and `ask` allows (connecting, never a reconnect), in its answer to getAccountAddresses
 * (waited for ACCOUNT_ADDRESSES_WAIT_MS at most).
 * A session with one address needs no asking; without the wallet's word the address type decides
 * (taproot for ordinals). An answer that does not read is not used.
 */
export async function bip122Account(
  controller: WalletConnectController,
  accountType: string | undefined,
  ask: boolean
): Promise<string | undefined> {
  const session = sessionOf(controller)
  const { addresses } = session
  const intention = accountType === 'ordinal' ? 'ordinal' : 'payment'
  let told = accountAddressesSchema.safeParse(fromJson(session.properties.bip122_getAccountAddresses)).data
  if (!told && ask && addresses.length > 1 && session.methods.includes('getAccountAddresses')) {
    // A wallet that does not answer (its app closed) does not hold the connection up.
    let timer: ReturnType<typeof setTimeout> | undefined
    const answer = await Promise.race([
      session.request('getAccountAddresses', { account: addresses[0], intentions: [intention] }).catch(() => undefined),
      new Promise(resolve => (timer = setTimeout(resolve, ACCOUNT_ADDRESSES_WAIT_MS)))
    ]).finally(() => clearTimeout(timer))
    told = accountAddressesSchema.safeParse(answer).data
  }
  const byWallet = told?.find(entry => entry.intention === intention && addresses.includes(entry.address))
  return byWallet?.address ?? addresses.find(address => bitcoinAccountType(address) === intention) ?? addresses[0]
}

/** signMessage as `address` on `chain` with BIP-322: the signature in base64, as BIP-322 simple signatures are written. */
export async function bip122SignMessage(
  controller: WalletConnectController,
  chain: string,
  message: string,
  address: string
): Promise<string> {
  const session = sessionOf(controller, chain)
  const answer = signMessageAnswerSchema.safeParse(
    await session.request('signMessage', { account: session.addresses[0], address, message, protocol: 'bip322' })
  )
  // A signature by another address than the one asked is no signature of this account.
  if (!answer.success || answer.data.address !== address) throw unreadable('signMessage')
  return btoa(answer.data.signature.replace(/../g, byte => String.fromCharCode(parseInt(byte, 16))))
}

/**
 * Sends the kit's payment: signPsbt on the kit's PSBT (the inputs at `signInputs`, by the payment
 * address, SIGHASH_ALL) with broadcast (a wallet that only signs: the kit posts it), or, from a
 * wallet that approved only sendTransfer, the payment handed over whole (the wallet builds it and
 * chooses the fee). The transaction id.
 */
export async function bip122Send(
  controller: WalletConnectController,
  request: BitcoinTransferRequest
): Promise<string> {
  const session = sessionOf(controller, request.chain)
  const account = session.addresses[0]
  if (session.methods.includes('signPsbt')) {
    const answer = signPsbtAnswerSchema.safeParse(
      await session.request('signPsbt', {
        account,
        psbt: toBase64(request.psbt),
        signInputs: request.signInputs.map(index => ({ address: request.from, index, sighashTypes: [SIGHASH_ALL] })),
        broadcast: true
      })
    )
    if (!answer.success) throw unreadable('signPsbt')
    if (answer.data.txid) return answer.data.txid.toLowerCase()
    // Signed but not sent: the kit finalizes the wallet's PSBT (refused unless it is the kit's
    // transaction) and posts it to the network's Esplora API, as the Send flow does for the others.
    const signed = fromBase64(answer.data.psbt)
    if (!signed) throw unreadable('signPsbt')
    const { finalizeSignedPsbt, broadcastTransaction } = await import('../../adapters/bitcoin/bitcoin-transfer.js')
    return broadcastTransaction(request.esploraUrl, finalizeSignedPsbt(signed, request).hex)
  }
  if (session.methods.includes('sendTransfer')) {
    const answer = sendTransferAnswerSchema.safeParse(
      await session.request('sendTransfer', {
        account,
        recipientAddress: request.to,
        amount: request.amount.toString(),
        changeAddress: request.from
      })
    )
    if (!answer.success) throw unreadable('sendTransfer')
    return answer.data.txid.toLowerCase()
  }
  throw new Error(`${WALLET} approved neither signPsbt nor sendTransfer`)
}

/** The balance of `address` from the network's Esplora API (the local node serves it at its RPC URL). */
export function bip122Balance(network: CaipNetwork | undefined, address: string): Promise<bigint> {
  const url = network?.rpcUrls.default.http[0]
  if (!url) throw new Error(`No Esplora URL for ${network?.caipNetworkId ?? 'this Bitcoin network'}`)
  return readEsploraBalance(url, address)
}
