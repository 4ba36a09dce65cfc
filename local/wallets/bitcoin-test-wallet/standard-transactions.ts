/**
 * The Bitcoin test wallet's payments through its Wallet Standard face: `bitcoin:signTransaction`
 * (the app's PSBT: the wallet signs the inputs it is asked to, with the key of the account named,
 * after the visitor approved what is spent and to whom) and `bitcoin:sendTransfer` (the wallet
 * builds the payment itself over its payment address's outputs, with @scure/btc-signer's own coin
 * selection, signs it and posts it to the node's Esplora API). Errors are EIP-1193-style codes:
 * 4001 refused in the panel, 4100 an account the site was not given, -32602 bad input.
 */
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import type { IdentifierString, WalletAccount } from '@wallet-standard/core'
import { REGTEST_NETWORK, type BitcoinTestKey } from '../../bitcoin/accounts.js'
import { SolanaWalletError as BitcoinWalletError } from '../solana-test-wallet/errors.js'

export const BitcoinSignTransaction = 'bitcoin:signTransaction' as const
export const BitcoinSendTransfer = 'bitcoin:sendTransfer' as const

export interface BitcoinSignTransactionInput {
  readonly psbt: Uint8Array
  readonly inputsToSign: readonly { readonly account: WalletAccount; readonly signingIndexes: readonly number[] }[]
  readonly chain?: IdentifierString
}
export interface BitcoinSignTransactionOutput {
  readonly signedPsbt: Uint8Array
}
export interface BitcoinSendTransferInput {
  readonly account: WalletAccount
  readonly recipients: readonly { readonly address: string; readonly amount: number }[]
  /** sat/vB; default the node's estimate for 6 blocks. */
  readonly feeRate?: number
  readonly chain?: IdentifierString
}
export interface BitcoinSendTransferOutput {
  readonly txid: string
}

/** What the panel shows (the shared panel's ApprovalRequest; written out so that Node code can import this file). */
export interface ApprovalRequest {
  readonly method: string
  readonly title: string
  readonly details?: ReadonlyArray<readonly [label: string, value: string]>
}

/** What the features need of the wallet: the site's accounts and their keys, the panel, the node. */
export interface WalletSide {
  /** The key of an account the site was given (payment or ordinals); throws 4100 otherwise. */
  keyOf(address: string): BitcoinTestKey
  ask(request: ApprovalRequest): Promise<void>
  readonly esploraUrl: string
}

const invalid = (detail: string) => new BitcoinWalletError(-32602, detail)
const btcText = (sats: bigint) => `${(Number(sats) / 1e8).toFixed(8)} BTC`
const esplora = (side: WalletSide, path: string) => `${side.esploraUrl.replace(/\/+$/, '')}${path}`

function addressOf(script: Uint8Array | undefined): string {
  try {
    return script ? btc.Address(REGTEST_NETWORK).encode(btc.OutScript.decode(script)) : 'no script'
  } catch {
    return 'a non-standard script'
  }
}

/** The panel's rows for `tx`: what the signed inputs spend, each output and to whom, the fee. */
function describe(tx: btc.Transaction, signed: readonly number[]): [string, string][] {
  let spent = 0n
  let known = true
  for (let i = 0; i < tx.inputsLength; i++) {
    const amount = tx.getInput(i).witnessUtxo?.amount
    if (amount === undefined) known = false
    else spent += amount
  }
  const mine = signed.reduce((sum, i) => sum + (tx.getInput(i).witnessUtxo?.amount ?? 0n), 0n)
  const rows: [string, string][] = [['Spends', `${btcText(mine)} (inputs ${signed.join(', ')})`]]
  let out = 0n
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i)
    out += output.amount ?? 0n
    rows.push([`Pays`, `${btcText(output.amount ?? 0n)} to ${addressOf(output.script)}`])
  }
  if (known) rows.push(['Fee', btcText(spent - out)])
  return rows
}

/**
 * `bitcoin:signTransaction`: every input's PSBT, its inputs checked (each index exists, each account
 * is one the site was given), one approval for all, then each asked input signed by its account's
 * key (a taproot input gets the key's internal key when the PSBT lacks it). Not finalized.
 */
export async function signTransactions(
  side: WalletSide,
  inputs: readonly BitcoinSignTransactionInput[]
): Promise<BitcoinSignTransactionOutput[]> {
  if (inputs.length === 0) throw invalid('bitcoin:signTransaction needs an input')
  const jobs = inputs.map(input => {
    let tx: btc.Transaction
    try {
      tx = btc.Transaction.fromPSBT(input.psbt)
    } catch {
      throw invalid('psbt is not a PSBT')
    }
    const signing = (input.inputsToSign ?? []).flatMap(entry => {
      const key = side.keyOf(entry.account?.address)
      return (entry.signingIndexes ?? []).map(index => {
        if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw invalid(`no input ${index}`)
        return { key, index }
      })
    })
    if (signing.length === 0) throw invalid('inputsToSign names no input to sign')
    return { tx, signing }
  })
  await side.ask({
    method: BitcoinSignTransaction,
    title: jobs.length > 1 ? `Sign ${jobs.length} transactions` : 'Sign a transaction',
    details: jobs.flatMap(({ tx, signing }) =>
      describe(
        tx,
        signing.map(entry => entry.index)
      )
    )
  })
  return jobs.map(({ tx, signing }) => {
    for (const { key, index } of signing) {
      const taproot = key.address.startsWith(`${REGTEST_NETWORK.bech32}1p`)
      if (taproot && !tx.getInput(index).tapInternalKey)
        tx.updateInput(index, { tapInternalKey: hex.decode(key.publicKey) })
      try {
        tx.signIdx(hex.decode(key.privateKey), index)
      } catch (error) {
        throw invalid(`input ${index} cannot be signed by ${key.address}: ${(error as Error).message}`)
      }
    }
    return { signedPsbt: tx.toPSBT() }
  })
}

async function getJson<T>(side: WalletSide, path: string): Promise<T> {
  const response = await fetch(esplora(side, path))
  if (!response.ok) throw new BitcoinWalletError(-32603, `Esplora ${path}: HTTP ${response.status}`)
  return (await response.json()) as T
}

/**
 * `bitcoin:sendTransfer`: pays the recipients from the account (the payment address) at the
 * asked fee rate (else the node's 6-block estimate), change back to it; approved, signed, posted.
 */
export async function sendTransfer(
  side: WalletSide,
  input: BitcoinSendTransferInput
): Promise<BitcoinSendTransferOutput> {
  const key = side.keyOf(input.account?.address)
  const recipients = Array.isArray(input.recipients) ? input.recipients : []
  if (recipients.length === 0) throw invalid('recipients must be a non-empty list')
  const outputs = recipients.map(({ address, amount }) => {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid('each recipient has an amount in satoshis')
    try {
      btc.Address(REGTEST_NETWORK).decode(address)
    } catch {
      throw invalid(`${address} is not a regtest address`)
    }
    return { address, amount: BigInt(amount) }
  })
  const script = btc.OutScript.encode(btc.Address(REGTEST_NETWORK).decode(key.address))
  const [utxos, estimates] = await Promise.all([
    getJson<{ txid: string; vout: number; value: number }[]>(side, `/address/${key.address}/utxo`),
    getJson<Record<string, number>>(side, '/fee-estimates')
  ])
  const asked = typeof input.feeRate === 'number' && input.feeRate >= 1 ? input.feeRate : (estimates['6'] ?? 1)
  const selected = btc.selectUTXO(
    utxos.map(utxo => ({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })),
    outputs,
    'default',
    {
      changeAddress: key.address,
      feePerByte: BigInt(Math.max(1, Math.ceil(asked))),
      bip69: false,
      createTx: true,
      network: REGTEST_NETWORK
    }
  )
  if (!selected?.tx) throw new BitcoinWalletError(-32603, 'Insufficient funds for this transfer.')
  const tx = selected.tx
  await side.ask({
    method: BitcoinSendTransfer,
    title: 'Send bitcoin',
    details: describe(
      tx,
      Array.from({ length: tx.inputsLength }, (_, i) => i)
    )
  })
  tx.sign(hex.decode(key.privateKey))
  tx.finalize()
  const response = await fetch(esplora(side, '/tx'), { method: 'POST', body: tx.hex })
  const text = (await response.text()).trim()
  if (!response.ok) throw new BitcoinWalletError(-32603, `The node refused the transaction: ${text}`)
  return { txid: text }
}
