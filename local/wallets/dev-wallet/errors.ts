/** EIP-1193 provider errors (and the EIP-1474 / EIP-5792 codes the Dev Wallet uses). */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** A plain `{ code, message, data? }` (what crosses postMessage or JSON). */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
  // EIP-5792
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownBundle: 5730,
  atomicityUnsupported: 5760
} as const

export const userRejected = () => new ProviderRpcError(ERROR_CODES.userRejected, 'User rejected the request.')

export const unauthorized = (detail = 'The requested account and/or method has not been authorized by the user.') =>
  new ProviderRpcError(ERROR_CODES.unauthorized, detail)

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(ERROR_CODES.unsupportedMethod, `The Provider does not support the requested method: ${method}.`)

export const unrecognizedChain = (chainIdHex: string) =>
  new ProviderRpcError(
    ERROR_CODES.unrecognizedChain,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`
  )

export const invalidParams = (detail: string) =>
  new ProviderRpcError(ERROR_CODES.invalidParams, `Invalid params: ${detail}`)
