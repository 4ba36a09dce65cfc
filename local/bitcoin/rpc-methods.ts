/**
 * Bitcoin Core's JSON-RPC methods that wallets and tools use against a node: chain facts,
 * transactions, broadcasting, mining on demand and fee estimates. Parameters are positional or
 * named, checked with zod; errors carry Core's codes and texts.
 */
import { z } from 'zod'
import { DEFAULT_MAX_FEE_RATE, type BitcoinChain } from './chain.js'
import { addressScript } from './script-info.js'
import { coreTransaction } from './tx-format.js'
import { TxRejection } from './tx-errors.js'

/** Core's RPC error codes used here. */
export const RPC = {
  MISC_ERROR: -1,
  TYPE_ERROR: -3,
  INVALID_ADDRESS_OR_KEY: -5,
  INVALID_PARAMETER: -8,
  METHOD_NOT_FOUND: -32601
} as const

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
  }
}

/** Regtest difficulty (bits 0x207fffff), as Core prints it. */
const REGTEST_DIFFICULTY = 4.656542373906925e-10
/** The stand-in's fee estimate: Core's minimum relay fee, 1 sat/vB (0.00001 BTC/kvB); see README. */
export const FEE_ESTIMATE_SAT_PER_VB = 1

type Kind = 'number' | 'string' | 'boolean' | 'verbosity' | 'amount'
interface Param {
  name: string
  kind: Kind
  required?: boolean
}

const SCHEMAS: Record<Kind, z.ZodType> = {
  number: z.number().int(),
  string: z.string(),
  boolean: z.boolean(),
  verbosity: z.union([z.boolean(), z.number().int()]),
  amount: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d{1,8})?$/)])
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value
}

export interface RpcMethod {
  params: Param[]
  run(args: unknown[], chain: BitcoinChain): unknown
}

/** Positional or named parameters to a checked positional list (missing optional ones undefined). */
export function readParams(method: string, spec: Param[], raw: unknown): unknown[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object'
      ? spec.map(param => (raw as Record<string, unknown>)[param.name])
      : []
  if (list.length > spec.length)
    throw new RpcError(RPC.MISC_ERROR, `${method}: too many parameters (at most ${spec.length})`)
  return spec.map((param, i) => {
    const value = list[i] ?? undefined
    if (value === undefined || value === null) {
      if (param.required) throw new RpcError(RPC.MISC_ERROR, `${method}: missing required parameter ${param.name}`)
      return undefined
    }
    if (!SCHEMAS[param.kind].safeParse(value).success) {
      const expected = param.kind === 'verbosity' ? 'number' : param.kind === 'amount' ? 'number' : param.kind
      throw new RpcError(RPC.TYPE_ERROR, `JSON value of type ${jsonType(value)} is not of expected type ${expected}`)
    }
    return value
  })
}

function parseHash(value: string, name: string): string {
  if (value.length !== 64)
    throw new RpcError(RPC.INVALID_PARAMETER, `${name} must be of length 64 (not ${value.length}, for '${value}')`)
  if (!/^[0-9a-fA-F]+$/.test(value))
    throw new RpcError(RPC.INVALID_PARAMETER, `${name} must be hexadecimal string (not '${value}')`)
  return value.toLowerCase()
}

/** BTC/kvB (number or decimal string) to sat/kvB. */
function feeRate(value: unknown): bigint {
  if (value === undefined) return DEFAULT_MAX_FEE_RATE
  const [whole, fraction = ''] = String(value).split('.')
  return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8))
}

function chainwork(blocks: number): string {
  // Every regtest block is 2 units of work.
  return (BigInt(blocks) * 2n).toString(16).padStart(64, '0')
}

export const rpcMethods: Record<string, RpcMethod> = {
  getblockchaininfo: {
    params: [],
    run: (_, chain) => ({
      chain: 'regtest',
      blocks: chain.tipHeight,
      headers: chain.tipHeight,
      bestblockhash: chain.tip.hash,
      difficulty: REGTEST_DIFFICULTY,
      time: chain.tip.time,
      mediantime: chain.medianTimePast,
      verificationprogress: 1,
      initialblockdownload: false,
      chainwork: chainwork(chain.blocks.length),
      size_on_disk: chain.blocks.reduce((sum, block) => sum + block.size, 0),
      pruned: false,
      warnings: ''
    })
  },
  getblockcount: { params: [], run: (_, chain) => chain.tipHeight },
  getbestblockhash: { params: [], run: (_, chain) => chain.tip.hash },
  getblockhash: {
    params: [{ name: 'height', kind: 'number', required: true }],
    run: ([height], chain) => {
      const block = chain.blockAt(height as number)
      if (!block || (height as number) < 0) throw new RpcError(RPC.INVALID_PARAMETER, 'Block height out of range')
      return block.hash
    }
  },
  getrawtransaction: {
    params: [
      { name: 'txid', kind: 'string', required: true },
      { name: 'verbose', kind: 'verbosity' },
      { name: 'blockhash', kind: 'string' }
    ],
    run: ([txidText, verboseArg, blockhashText], chain) => {
      const txid = parseHash(txidText as string, 'parameter 1')
      const verbosity =
        verboseArg === undefined ? 0 : typeof verboseArg === 'boolean' ? Number(verboseArg) : (verboseArg as number)
      if (txid === chain.blocks[0]!.transactions[0]!.txid) {
        throw new RpcError(
          RPC.INVALID_ADDRESS_OR_KEY,
          'The genesis block coinbase is not considered an ordinary transaction and cannot be retrieved'
        )
      }
      const entry = chain.transaction(txid)
      const blockhash = blockhashText === undefined ? undefined : parseHash(blockhashText as string, 'parameter 3')
      if (blockhash !== undefined && !chain.blocks.some(block => block.hash === blockhash)) {
        throw new RpcError(RPC.INVALID_ADDRESS_OR_KEY, 'Block hash not found')
      }
      if (!entry || (blockhash !== undefined && entry.block?.hash !== blockhash)) {
        throw new RpcError(
          RPC.INVALID_ADDRESS_OR_KEY,
          blockhash !== undefined
            ? 'No such transaction found in the provided block. Use gettransaction for wallet transactions.'
            : 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.'
        )
      }
      if (verbosity <= 0) return Buffer.from(entry.tx.raw).toString('hex')
      const result = coreTransaction(chain, entry, verbosity)
      return blockhash !== undefined ? { in_active_chain: true, ...result } : result
    }
  },
  sendrawtransaction: {
    params: [
      { name: 'hexstring', kind: 'string', required: true },
      { name: 'maxfeerate', kind: 'amount' },
      { name: 'maxburnamount', kind: 'amount' }
    ],
    run: ([hex, maxfeerate], chain) => chain.submit(hex as string, feeRate(maxfeerate))
  },
  generatetoaddress: {
    params: [
      { name: 'nblocks', kind: 'number', required: true },
      { name: 'address', kind: 'string', required: true },
      { name: 'maxtries', kind: 'number' }
    ],
    run: ([nblocks, address], chain) => {
      const script = addressScript(address as string)
      if (!script) throw new RpcError(RPC.INVALID_ADDRESS_OR_KEY, 'Error: Invalid address')
      return chain.mine(Math.max(0, nblocks as number), script).map(block => block.hash)
    }
  },
  estimatesmartfee: {
    params: [
      { name: 'conf_target', kind: 'number', required: true },
      { name: 'estimate_mode', kind: 'string' }
    ],
    run: ([target, mode]) => {
      if ((target as number) < 1 || (target as number) > 1008) {
        throw new RpcError(RPC.INVALID_PARAMETER, 'Invalid conf_target, must be between 1 and 1008')
      }
      if (mode !== undefined && !['unset', 'economical', 'conservative'].includes((mode as string).toLowerCase())) {
        throw new RpcError(
          RPC.INVALID_PARAMETER,
          'Invalid estimate_mode parameter, must be one of: "unset", "economical", "conservative"'
        )
      }
      return { feerate: (FEE_ESTIMATE_SAT_PER_VB * 1000) / 100_000_000, blocks: Math.max(2, target as number) }
    }
  }
}

/** Runs one method; RpcError for Core's errors (a TxRejection becomes one with its code). */
export function callMethod(chain: BitcoinChain, method: string, params: unknown): unknown {
  const entry = Object.hasOwn(rpcMethods, method) ? rpcMethods[method] : undefined
  if (!entry) throw new RpcError(RPC.METHOD_NOT_FOUND, 'Method not found')
  const args = readParams(method, entry.params, params)
  try {
    return entry.run(args, chain)
  } catch (error) {
    if (error instanceof TxRejection) throw new RpcError(error.code, error.message)
    throw error
  }
}
