// A bundler or paymaster JSON-RPC error: its ERC-7769 / ERC-7677 code and message.
/** JSON-RPC error codes of ERC-7769 (the bundler RPC). */
export const BUNDLER_ERRORS = {
  invalidParams: -32602,
  methodNotFound: -32601,
  rejectedByEntryPoint: -32500,
  unsupportedEntryPoint: -32602
} as const

export class BundlerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
    this.name = 'BundlerError'
  }
}
