import { Address, NETWORK, OutScript, TEST_NETWORK, Transaction } from '@scure/btc-signer'
import * as z from 'zod/mini'
import type { BitcoinTransferRequest } from '../../connectors/types.js'
import type { CaipNetwork } from '../../networks/types.js'
import {
  maxSendable,
  selectCoins,
  type InputKind,
  type OutputKind,
  type SelectionRefusal,
  type Utxo
} from './coin-selection.js'

/**
 * The Send flow's Bitcoin payments (issue 34): the receiver's address checked for the network, the
 * fee rate read from the network's Esplora API, the payment address's outputs selected
 * (coin-selection.ts), and the unsigned PSBT built with @scure/btc-signer; and, for the connectors,
 * a signed PSBT finalized and posted to Esplora. The Esplora API is the network's RPC URL
 * (rpcUrls.default.http[0]; the local node serves it there). This module, and @scure/btc-signer
 * with it, loads only when a visitor sends on Bitcoin.
 */

/** The confirmation target of the fee rate: Esplora's estimate for 3 blocks (about 30 minutes on mainnet). */
export const FEE_TARGET_BLOCKS = 3
/** The lowest fee rate the kit pays, in sat/vB: Bitcoin Core's default minimum relay fee. */
export const MIN_FEE_RATE = 1

type BitcoinParams = typeof NETWORK
const REGTEST: BitcoinParams = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** Each known network's address parameters, by its CAIP-2 reference (the genesis hash's first 32 hex digits). */
const PARAMS_BY_GENESIS: Record<string, BitcoinParams> = {
  '000000000019d6689c085ae165831e93': NETWORK,
  '000000000933ea01ad0ee984209779ba': TEST_NETWORK, // testnet3
  '00000000da84f2bafbbc53dee25a72ae': TEST_NETWORK, // testnet4
  '00000008819873e925422c1ff0f99f7c': TEST_NETWORK, // signet
  '0f9188f13cb7b2c71f2a335e3a4fc328': REGTEST
}

/** The address parameters of a bip122 network; undefined for a chain the kit does not know. */
export function bitcoinParams(network: CaipNetwork): BitcoinParams | undefined {
  return PARAMS_BY_GENESIS[network.caipNetworkId.split(':')[1] ?? '']
}

const KIND_OF_TYPE: Record<string, OutputKind> = { wpkh: 'p2wpkh', wsh: 'p2wsh', tr: 'p2tr', pkh: 'p2pkh', sh: 'p2sh' }

/** The output type of `address` on a network of `params`; undefined when it is not one there. */
function outputKind(params: BitcoinParams, address: string): OutputKind | undefined {
  try {
    return KIND_OF_TYPE[Address(params).decode(address).type]
  } catch {
    return undefined
  }
}

/**
 * Why `address` cannot receive on `network`: 'network' when it is a valid address of another
 * Bitcoin network (a mainnet address on regtest), 'invalid' when it is none (checksum, bech32 for a
 * witness v0 program and bech32m for v1, program lengths, base58check version bytes); undefined
 * when it can (P2WPKH, P2WSH, P2TR, P2PKH, P2SH).
 */
export function receiverProblem(network: CaipNetwork, address: string): 'network' | 'invalid' | undefined {
  const params = bitcoinParams(network)
  if (params && outputKind(params, address)) return undefined
  const elsewhere = [NETWORK, TEST_NETWORK, REGTEST].some(other => other !== params && outputKind(other, address))
  return elsewhere ? 'network' : 'invalid'
}

function esploraUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no Esplora URL`)
  return url.replace(/\/+$/, '')
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`HTTP status code: ${response.status} from ${url}`)
  return response.json()
}

const feeEstimatesSchema = z.record(z.string(), z.number().check(z.refine(n => Number.isFinite(n) && n >= 0)))
const satoshis = z.number().check(z.refine(n => Number.isSafeInteger(n) && n > 0, 'a whole number of satoshis'))
const utxosSchema = z.array(
  z.object({
    txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    vout: z.number().check(z.refine(n => Number.isSafeInteger(n) && n >= 0)),
    value: satoshis,
    status: z.object({ confirmed: z.boolean() })
  })
)

/**
 * The fee rate (sat/vB) for FEE_TARGET_BLOCKS from Esplora's /fee-estimates (target -> rate): that
 * target's, else the nearest slower one listed, else the nearest faster one; never under MIN_FEE_RATE.
 */
export async function readFeeRate(network: CaipNetwork): Promise<number> {
  const estimates = feeEstimatesSchema.parse(await getJson(`${esploraUrlOf(network)}/fee-estimates`))
  const targets = Object.keys(estimates)
    .map(Number)
    .filter(target => Number.isInteger(target) && target > 0)
    .sort((a, b) => a - b)
  const target = targets.find(t => t >= FEE_TARGET_BLOCKS) ?? targets[targets.length - 1]
  const rate = target === undefined ? MIN_FEE_RATE : (estimates[String(target)] ?? MIN_FEE_RATE)
  return Math.max(MIN_FEE_RATE, rate)
}

/** The outputs `address` can spend (confirmed and in the mempool), from Esplora's /address/:a/utxo. */
export async function readUtxos(network: CaipNetwork, address: string): Promise<Utxo[]> {
  const listed = utxosSchema.parse(
    await getJson(`${esploraUrlOf(network)}/address/${encodeURIComponent(address)}/utxo`)
  )
  return listed.map(utxo => ({
    txid: utxo.txid,
    vout: utxo.vout,
    value: BigInt(utxo.value),
    confirmed: utxo.status.confirmed
  }))
}

/** The payment address's input type: P2WPKH (the payment address) or P2TR (the ordinals one). */
function inputKind(params: BitcoinParams, from: string): InputKind {
  const kind = outputKind(params, from)
  if (kind !== 'p2wpkh' && kind !== 'p2tr') throw new Error(`The kit cannot spend from ${from} (${kind ?? 'unknown'})`)
  return kind
}

export interface BitcoinTransferInput {
  readonly network: CaipNetwork
  readonly from: string
  readonly receiver: string
  /** Satoshis. */
  readonly amount: bigint
}

/** The payment the connector sends, or why it cannot be made (the visitor's rule broken). */
export type BitcoinTransfer = { readonly request: BitcoinTransferRequest; readonly fee: bigint } | SelectionRefusal

/**
 * Builds the unsigned payment of `amount` satoshis from `from` to `receiver`: the fee rate read,
 * the outputs selected, the PSBT with each input's witness UTXO (which segwit signing commits to),
 * the receiver's output first and change back to `from`.
 */
export async function buildBitcoinTransfer(input: BitcoinTransferInput): Promise<BitcoinTransfer> {
  const { network, from, receiver, amount } = input
  const params = bitcoinParams(network)
  if (!params) throw new Error(`No Bitcoin network is known for ${network.caipNetworkId}`)
  const receiverKind = outputKind(params, receiver)
  if (!receiverKind) throw new Error(`${receiver} is no address on ${network.name}`)
  const fromKind = inputKind(params, from)
  const [feeRate, utxos] = await Promise.all([readFeeRate(network), readUtxos(network, from)])
  const selection = selectCoins({ utxos, amount, feeRate, inputKind: fromKind, receiverKind, changeKind: fromKind })
  if (typeof selection === 'string') return selection
  const script = OutScript.encode(Address(params).decode(from))
  const tx = new Transaction()
  for (const utxo of selection.inputs) {
    tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: utxo.value } })
  }
  tx.addOutputAddress(receiver, amount, params)
  if (selection.change > 0n) tx.addOutputAddress(from, selection.change, params)
  if (tx.fee !== selection.fee) throw new Error(`The PSBT's fee ${tx.fee} is not the selection's ${selection.fee}`)
  const request: BitcoinTransferRequest = {
    namespace: 'bip122',
    from,
    to: receiver,
    amount,
    feeRate,
    fee: selection.fee,
    psbt: tx.toPSBT(),
    signInputs: selection.inputs.map((_, index) => index),
    chain: network.caipNetworkId,
    esploraUrl: esploraUrlOf(network)
  }
  return { request, fee: selection.fee }
}

/**
 * Max on Bitcoin: every output of `from` spent to `receiver` (a taproot-sized output while the
 * receiver is not a valid address yet), less that transaction's fee.
 */
export async function maxBitcoinAmount(network: CaipNetwork, from: string, receiver: string): Promise<bigint> {
  const params = bitcoinParams(network)
  if (!params) throw new Error(`No Bitcoin network is known for ${network.caipNetworkId}`)
  const [feeRate, utxos] = await Promise.all([readFeeRate(network), readUtxos(network, from)])
  return maxSendable(utxos, feeRate, inputKind(params, from), outputKind(params, receiver.trim()) ?? 'p2tr')
}

/**
 * The wallet's signed PSBT for `request`, finalized: its raw transaction in hex and its id. It must
 * be the transaction the kit built (same inputs and outputs: the same txid, which segwit
 * signatures do not change), else it is refused.
 */
export function finalizeSignedPsbt(signed: Uint8Array, request: BitcoinTransferRequest): { hex: string; txid: string } {
  const tx = Transaction.fromPSBT(signed)
  const expected = Transaction.fromPSBT(request.psbt).id
  if (!tx.isFinal) tx.finalize()
  if (tx.id !== expected) throw new Error('The wallet signed another transaction than the one asked')
  return { hex: tx.hex, txid: tx.id }
}

/** Posts a raw transaction to Esplora (POST /tx); its txid, or the node's refusal as an Error. */
export async function broadcastTransaction(esploraUrl: string, hex: string): Promise<string> {
  const response = await fetch(`${esploraUrl.replace(/\/+$/, '')}/tx`, { method: 'POST', body: hex })
  const text = (await response.text()).trim()
  if (!response.ok) throw new Error(`The transaction was refused: ${text.slice(0, 300)}`)
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error('Esplora answered POST /tx without a txid')
  return text
}
