/** An EIP-1193 `ProviderRpcError`: an Error with the numeric `code` apps and libraries (ethers, viem) read. */
export interface ProviderRpcError extends Error {
  readonly code: number
}

export const rpcError = (code: number, message: string): ProviderRpcError => Object.assign(new Error(message), { code })

/** EIP-1193: the provider is disconnected from every chain. */
export const DISCONNECTED_CODE = 4900
/** EIP-1193: the provider does not support the method. */
export const UNSUPPORTED_METHOD_CODE = 4200
