/** Processed transactions in the shapes of getTransaction: json, jsonParsed, base64 and base58. */
import type { TransactionRecord, InnerInstructionRecord } from './chain.js'
import { RpcError, toBase58, toBase64 } from './codec.js'
import { parseInstruction } from './parse-instruction.js'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

function innerJson(inner: InnerInstructionRecord[]) {
  return inner.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map(ix => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: toBase58(ix.data),
      stackHeight: ix.stackHeight
    }))
  }))
}

/** Inner instructions in jsonParsed form (also used by simulateTransaction's `innerInstructions`). */
export function innerParsed(inner: InnerInstructionRecord[], keys: string[]) {
  return inner.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map(ix =>
      parseInstruction(
        keys[ix.programIdIndex] ?? '',
        ix.accounts.map(i => keys[i] ?? ''),
        ix.data,
        ix.stackHeight
      )
    )
  }))
}

function messageJson(record: TransactionRecord) {
  const message = record.transaction.message
  return {
    accountKeys: record.keys.static,
    header: message.header,
    instructions: message.compiledInstructions.map(ix => ({
      accounts: ix.accountKeyIndexes,
      data: toBase58(ix.data),
      programIdIndex: ix.programIdIndex,
      stackHeight: null
    })),
    recentBlockhash: message.recentBlockhash,
    ...lookups(record)
  }
}

function lookups(record: TransactionRecord) {
  if (record.version === 'legacy') return {}
  return {
    addressTableLookups: record.transaction.message.addressTableLookups.map(lookup => ({
      accountKey: lookup.accountKey.toBase58(),
      readonlyIndexes: lookup.readonlyIndexes,
      writableIndexes: lookup.writableIndexes
    }))
  }
}

function messageParsed(record: TransactionRecord) {
  const { keys } = record
  return {
    accountKeys: keys.all.map((pubkey, i) => ({
      pubkey,
      signer: keys.signer[i] ?? false,
      source: i < keys.static.length ? 'transaction' : 'lookupTable',
      writable: keys.isWritable[i] ?? false
    })),
    instructions: record.transaction.message.compiledInstructions.map(ix =>
      parseInstruction(
        keys.all[ix.programIdIndex] ?? '',
        ix.accountKeyIndexes.map(i => keys.all[i] ?? ''),
        ix.data,
        null
      )
    ),
    recentBlockhash: record.transaction.message.recentBlockhash,
    ...lookups(record)
  }
}

/** getTransaction's result for one record. */
export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined
): Record<string, unknown> {
  if (
    record.version !== 'legacy' &&
    (maxSupportedTransactionVersion === undefined || record.version > maxSupportedTransactionVersion)
  ) {
    throw new RpcError(
      -32015,
      `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`
    )
  }
  const parsed = encoding === 'jsonParsed'
  const wire = record.transaction.serialize()
  let transaction: unknown
  if (encoding === 'base64') transaction = [toBase64(wire), 'base64']
  else if (encoding === 'base58') transaction = [toBase58(wire), 'base58']
  else {
    transaction = {
      message: parsed ? messageParsed(record) : messageJson(record),
      signatures: record.transaction.signatures.map(toBase58)
    }
  }
  const meta: Record<string, unknown> = {
    computeUnitsConsumed: record.computeUnitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions: parsed
      ? innerParsed(record.innerInstructions, record.keys.all)
      : innerJson(record.innerInstructions),
    logMessages: record.logs,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    rewards: [],
    status: record.err === null ? { Ok: null } : { Err: record.err }
  }
  if (!parsed) meta.loadedAddresses = { readonly: record.keys.readonly, writable: record.keys.writable }
  if (record.returnData) {
    meta.returnData = { programId: record.returnData.programId, data: [toBase64(record.returnData.data), 'base64'] }
  }
  return {
    blockTime: record.blockTime,
    meta,
    slot: record.slot,
    transaction,
    ...(maxSupportedTransactionVersion === undefined ? {} : { version: record.version })
  }
}
