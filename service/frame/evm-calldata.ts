// What an EVM call's data asks, decoded from the data alone (no chain read) with viem's
// decodeFunctionData: ERC-20 transfer, transferFrom and approve; ERC-721 transferFrom, both
// safeTransferFrom and setApprovalForAll; the swap router's exact-input swaps
// (local/chain/contracts/SwapRouter.sol, whose swap functions have the Uniswap V2 router's selectors); a
// function of KNOWN_SELECTORS by its signature; anything else as unknown.
// transferFrom(address,address,uint256) and approve(address,uint256) have the same selector in
// ERC-20 and ERC-721: which one a call is, the contract tells (service/frame/evm-contract-reads.ts), so the
// decoding keeps "amount or token id".
import { decodeFunctionData, slice, type Abi, type Address, type Hex } from 'viem'
import { KNOWN_SELECTORS, SWAP_ABI, TOKEN_ABI } from './evm-abis.js'

export type EvmCall =
  /** ERC-20 transfer(to, amount) (ERC-721 has no transfer). */
  | { readonly kind: 'transfer'; readonly to: Address; readonly amount: bigint }
  /** transferFrom(from, to, value): an ERC-20 amount or an ERC-721 token id. */
  | { readonly kind: 'transfer-from'; readonly from: Address; readonly to: Address; readonly value: bigint }
  /** approve(spender, value): an ERC-20 allowance or an ERC-721 token id. */
  | { readonly kind: 'approve'; readonly spender: Address; readonly value: bigint }
  /** ERC-721 safeTransferFrom, with or without data. */
  | { readonly kind: 'nft-transfer'; readonly from: Address; readonly to: Address; readonly tokenId: bigint }
  /** ERC-721 (and ERC-1155) setApprovalForAll(operator, approved). */
  | { readonly kind: 'approval-for-all'; readonly operator: Address; readonly approved: boolean }
  /**
   * One of the router's exact-input swaps: `amountIn` of path[0] (the transaction's value in the
   * native currency when `nativeIn`) for at least `amountOutMin` of the path's last token (native
   * when `nativeOut`), paid to `to`.
   */
  | {
      readonly kind: 'swap'
      readonly amountIn: bigint
      readonly amountOutMin: bigint
      readonly path: readonly Address[]
      readonly to: Address
      readonly nativeIn: boolean
      readonly nativeOut: boolean
    }
  /** A function this wallet knows by name, its arguments not decoded. */
  | { readonly kind: 'named'; readonly signature: string }
  /** Data whose selector this wallet does not know (or that is shorter than a selector). */
  | { readonly kind: 'unknown'; readonly selector?: Hex }

function decodeWith<const TAbi extends Abi>(abi: TAbi, data: Hex) {
  try {
    return decodeFunctionData({ abi, data })
  } catch {
    return undefined
  }
}

function tokenCall(data: Hex): EvmCall | undefined {
  const decoded = decodeWith(TOKEN_ABI, data)
  if (!decoded) return undefined
  switch (decoded.functionName) {
    case 'transfer': {
      const [to, amount] = decoded.args
      return { kind: 'transfer', to, amount }
    }
    case 'transferFrom': {
      const [from, to, value] = decoded.args
      return { kind: 'transfer-from', from, to, value }
    }
    case 'approve': {
      const [spender, value] = decoded.args
      return { kind: 'approve', spender, value }
    }
    case 'safeTransferFrom': {
      const [from, to, tokenId] = decoded.args
      return { kind: 'nft-transfer', from, to, tokenId }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = decoded.args
      return { kind: 'approval-for-all', operator, approved }
    }
  }
}

function swapCall(data: Hex, value: bigint): EvmCall | undefined {
  const decoded = decodeWith(SWAP_ABI, data)
  if (!decoded) return undefined
  switch (decoded.functionName) {
    case 'swapExactTokensForTokens':
    case 'swapExactTokensForETH': {
      const [amountIn, amountOutMin, path, to] = decoded.args
      const nativeOut = decoded.functionName === 'swapExactTokensForETH'
      return { kind: 'swap', amountIn, amountOutMin, path, to, nativeIn: false, nativeOut }
    }
    case 'swapExactETHForTokens': {
      const [amountOutMin, path, to] = decoded.args
      return { kind: 'swap', amountIn: value, amountOutMin, path, to, nativeIn: true, nativeOut: false }
    }
  }
}

/** What `data` (sent with `value` of the native currency) asks. */
export function decodeCalldata(data: Hex, value = 0n): EvmCall {
  if (data.length < 10) return { kind: 'unknown' }
  const call = tokenCall(data) ?? swapCall(data, value)
  if (call) return call
  const selector = slice(data, 0, 4).toLowerCase() as Hex
  const signature = KNOWN_SELECTORS[selector]
  return signature ? { kind: 'named', signature } : { kind: 'unknown', selector }
}
