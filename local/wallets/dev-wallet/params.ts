// The Dev Wallet's reading of request parameters: chain ids, hex fields, the transaction fields.
import { hexToBigInt, isHex, type Hex } from 'viem'
import { invalidParams } from './errors.js'
import type { RequestArguments } from './provider.js'

export function parseChainIdHex(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value) || /^0x0+$/.test(value)) {
    throw invalidParams(`expected a chain id as a 0x-prefixed hex string, got ${JSON.stringify(value)}`)
  }
  const id = Number.parseInt(value.slice(2), 16)
  if (!Number.isSafeInteger(id)) throw invalidParams(`chain id ${value} is too large`)
  return id
}

export function paramsArray(params: RequestArguments['params']): readonly unknown[] {
  if (params === undefined) return []
  if (Array.isArray(params)) return params
  return [params]
}

export function optionalHex(value: unknown, field: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`"${field}" must be a hex string`)
  return value
}

export function optionalQuantity(value: unknown, field: string): bigint | undefined {
  const hex = optionalHex(value, field)
  return hex === undefined ? undefined : hexToBigInt(hex)
}

export function truncate(text: string, max = 400): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text
}

export interface TransactionParams {
  from?: unknown
  to?: unknown
  value?: unknown
  data?: unknown
  input?: unknown
  gas?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
  nonce?: unknown
  accessList?: unknown
}
