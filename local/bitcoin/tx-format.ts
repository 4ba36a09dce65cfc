/**
 * Transactions as the two APIs show them: Bitcoin Core's getrawtransaction (verbose) and
 * Esplora's transaction object (amounts in satoshis, scriptpubkey_* fields, status).
 */
import { btcNumber, toHex } from './bytes.js'
import type { BitcoinChain, TxEntry } from './chain.js'
import { coreAsm, coreScriptPubKey, esploraAsm, esploraScriptPubKey } from './script-info.js'
import { isCoinbase } from './tx-codec.js'

/** Esplora's `status`: where and when the transaction was confirmed, or `{ confirmed: false }`. */
export function esploraStatus(entry: TxEntry): Record<string, unknown> {
  if (!entry.block) return { confirmed: false }
  return {
    confirmed: true,
    block_height: entry.block.height,
    block_hash: entry.block.hash,
    block_time: entry.block.time
  }
}

export function esploraTransaction(entry: TxEntry): Record<string, unknown> {
  const { tx } = entry
  const coinbase = isCoinbase(tx)
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((input, i) => {
      const spent = entry.spent[i]
      return {
        txid: input.txid,
        vout: input.vout,
        prevout: spent ? { ...esploraScriptPubKey(spent.script), value: Number(spent.value) } : null,
        scriptsig: toHex(input.scriptSig),
        scriptsig_asm: esploraAsm(input.scriptSig),
        ...(input.witness.length > 0 ? { witness: input.witness.map(toHex) } : {}),
        is_coinbase: coinbase,
        sequence: input.sequence
      }
    }),
    vout: tx.outputs.map(output => ({ ...esploraScriptPubKey(output.script), value: Number(output.value) })),
    size: tx.size,
    weight: tx.weight,
    fee: Number(entry.fee),
    status: esploraStatus(entry)
  }
}

/** getrawtransaction's verbose object (verbosity 1; 2 adds the fee and each input's prevout). */
export function coreTransaction(chain: BitcoinChain, entry: TxEntry, verbosity: number): Record<string, unknown> {
  const { tx } = entry
  const coinbase = isCoinbase(tx)
  const vin = tx.inputs.map((input, i) => {
    const witness = input.witness.length > 0 ? { txinwitness: input.witness.map(toHex) } : {}
    if (coinbase) return { coinbase: toHex(input.scriptSig), ...witness, sequence: input.sequence }
    const spent = entry.spent[i]
    const prevout =
      verbosity >= 2 && spent
        ? {
            prevout: {
              generated: spent.coinbase,
              height: spent.height ?? chain.tipHeight + 1,
              value: btcNumber(spent.value),
              scriptPubKey: coreScriptPubKey(spent.script)
            }
          }
        : {}
    return {
      txid: input.txid,
      vout: input.vout,
      scriptSig: { asm: coreAsm(input.scriptSig), hex: toHex(input.scriptSig) },
      ...witness,
      ...prevout,
      sequence: input.sequence
    }
  })
  return {
    txid: tx.txid,
    hash: tx.wtxid,
    version: tx.version,
    size: tx.size,
    vsize: tx.vsize,
    weight: tx.weight,
    locktime: tx.locktime,
    vin,
    vout: tx.outputs.map((output, n) => ({
      value: btcNumber(output.value),
      n,
      scriptPubKey: coreScriptPubKey(output.script)
    })),
    ...(verbosity >= 2 && !coinbase ? { fee: btcNumber(entry.fee) } : {}),
    hex: toHex(tx.raw),
    ...(entry.block
      ? {
          blockhash: entry.block.hash,
          confirmations: chain.confirmations(entry),
          time: entry.block.time,
          blocktime: entry.block.time
        }
      : {})
  }
}
