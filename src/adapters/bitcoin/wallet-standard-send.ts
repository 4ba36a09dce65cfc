import * as z from 'zod/mini'
import type { BitcoinTransferRequest } from '../../connectors/types.js'
import type { StandardAccount, StandardWallet } from '../solana/wallet-standard.js'
import { broadcastTransaction, finalizeSignedPsbt } from './bitcoin-transfer.js'

/**
 * A Bitcoin payment through a Wallet Standard wallet (the connector's sendTransaction, loaded with
 * the Send flow): `bitcoin:signTransaction` signs the kit's PSBT (the inputs at `signInputs`, the
 * payment account's), then the kit finalizes it, checks it is the transaction it built, and posts
 * it to the network's Esplora API (`POST /tx`). A wallet that has only `bitcoin:sendTransfer`
 * gets the receiver and amount (and the kit's fee rate) and builds, signs and sends the payment
 * itself. Every answer of the wallet is parsed; either way the result is the txid.
 */

const fn = z.custom<(...args: never[]) => unknown>(value => typeof value === 'function', 'a function')
const signTransactionFeatureSchema = z.object({ version: z.string(), signTransaction: fn })
const sendTransferFeatureSchema = z.object({ version: z.string(), sendTransfer: fn })
const bytes = z.custom<Uint8Array>(value => value instanceof Uint8Array && value.length > 0, 'bytes')
/** `bitcoin:signTransaction`'s answer: one signed PSBT per input. */
const signTransactionOutputSchema = z.array(z.object({ signedPsbt: bytes }))
/** `bitcoin:sendTransfer`'s answer: the transaction's id. */
const sendTransferOutputSchema = z.object({ txid: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)) })

/** The Wallet Standard's name of a bip122 network (bitcoin:mainnet, ...) unless the wallet lists the CAIP-2 id itself. */
const STANDARD_CHAINS: Record<string, string> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest'
}

function chainFor(wallet: StandardWallet, chain: string): string {
  if (wallet.chains.includes(chain)) return chain
  return STANDARD_CHAINS[chain.split(':')[1] ?? ''] ?? chain
}

function feature<T>(wallet: StandardWallet, name: string, schema: z.ZodMiniType<T>): T | undefined {
  const parsed = schema.safeParse(wallet.features[name])
  return parsed.success ? parsed.data : undefined
}

/** Sends `request` through `wallet` as `account` (the payment address); resolves with the txid. */
export async function sendWithStandardWallet(
  wallet: StandardWallet,
  account: StandardAccount,
  request: BitcoinTransferRequest
): Promise<string> {
  const chain = chainFor(wallet, request.chain)
  const sign = feature(wallet, 'bitcoin:signTransaction', signTransactionFeatureSchema)
  if (sign) {
    const call = sign.signTransaction as (...inputs: object[]) => unknown
    const answer = signTransactionOutputSchema.safeParse(
      await call({
        psbt: request.psbt,
        inputsToSign: [{ account, signingIndexes: [...request.signInputs] }],
        chain
      })
    )
    const signed = answer.success ? answer.data[0] : undefined
    if (!signed) throw new Error(`${wallet.name} answered bitcoin:signTransaction unreadably`)
    const { hex, txid } = finalizeSignedPsbt(signed.signedPsbt, request)
    const posted = await broadcastTransaction(request.esploraUrl, hex)
    if (posted !== txid) throw new Error(`Esplora took ${posted}, not the signed transaction ${txid}`)
    return txid
  }
  const transfer = feature(wallet, 'bitcoin:sendTransfer', sendTransferFeatureSchema)
  if (!transfer) throw new Error(`${wallet.name} has neither bitcoin:signTransaction nor bitcoin:sendTransfer`)
  const call = transfer.sendTransfer as (input: object) => unknown
  const answer = sendTransferOutputSchema.safeParse(
    await call({
      account,
      chain,
      recipients: [{ address: request.to, amount: Number(request.amount) }],
      feeRate: request.feeRate
    })
  )
  if (!answer.success) throw new Error(`${wallet.name} answered bitcoin:sendTransfer unreadably`)
  return answer.data.txid.toLowerCase()
}
