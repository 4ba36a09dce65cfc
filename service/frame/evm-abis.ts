// The ABIs the frame decodes an approval's calls with, written out as JSON (what viem's parseAbi
// makes of the signatures in each comment), and the selectors it reads contracts and names
// functions by (test/browser/frame-page/evm-abis.test.ts checks all of them with viem's parseAbi
// and toFunctionSelector): parsing human-readable signatures at run time would put abitype's
// parser (3 kB gzip) into the frame's first load.

const fn = <const N extends string, const I extends readonly { type: string; name: string }[]>(
  name: N,
  inputs: I,
  stateMutability: 'nonpayable' | 'payable' = 'nonpayable'
) => ({ type: 'function', name, stateMutability, inputs, outputs: [] }) as const
const address = <const N extends string>(name: N) => ({ type: 'address', name }) as const
const uint256 = <const N extends string>(name: N) => ({ type: 'uint256', name }) as const

/**
 * ERC-20 and ERC-721 calls:
 * transfer(address to, uint256 amount), transferFrom(address from, address to, uint256 value),
 * approve(address spender, uint256 value), safeTransferFrom(address from, address to, uint256
 * tokenId), safeTransferFrom(address from, address to, uint256 tokenId, bytes data),
 * setApprovalForAll(address operator, bool approved).
 */
export const TOKEN_ABI = [
  fn('transfer', [address('to'), uint256('amount')]),
  fn('transferFrom', [address('from'), address('to'), uint256('value')]),
  fn('approve', [address('spender'), uint256('value')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint256('tokenId')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint256('tokenId'), { type: 'bytes', name: 'data' }]),
  fn('setApprovalForAll', [address('operator'), { type: 'bool', name: 'approved' }])
] as const

const path = { type: 'address[]', name: 'path' } as const

/**
 * The swap router's exact-input swaps (local/chain/contracts/SwapRouter.sol, the Uniswap V2 router's
 * selectors; outputs left out): swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin,
 * address[] path, address to, uint256 deadline), swapExactETHForTokens(uint256 amountOutMin,
 * address[] path, address to, uint256 deadline) payable, swapExactTokensForETH(uint256 amountIn,
 * uint256 amountOutMin, address[] path, address to, uint256 deadline).
 */
export const SWAP_ABI = [
  fn('swapExactTokensForTokens', [
    uint256('amountIn'),
    uint256('amountOutMin'),
    path,
    address('to'),
    uint256('deadline')
  ]),
  fn('swapExactETHForTokens', [uint256('amountOutMin'), path, address('to'), uint256('deadline')], 'payable'),
  fn('swapExactTokensForETH', [uint256('amountIn'), uint256('amountOutMin'), path, address('to'), uint256('deadline')])
] as const

/**
 * What the frame reads of a contract, by selector (encoded by hand: viem's encodeFunctionData and
 * decodeFunctionResult would be one more shared chunk of the frame's), with the type of the
 * answer: symbol() and name() (string; older tokens such as MKR answer bytes32), decimals()
 * (uint8), supportsInterface(bytes4) (bool).
 */
export const READ_SELECTORS = {
  symbol: '0x95d89b41',
  name: '0x06fdde03',
  decimals: '0x313ce567',
  supportsInterface: '0x01ffc9a7'
} as const

/**
 * Well-known functions, named only (their arguments are not decoded), by selector: the wrapped
 * native token; ERC-2612 permit and the allowance helpers; ERC-1155 transfers; mint and burn;
 * multicalls; the Uniswap Universal Router's execute and V3 router's exactInput(Single); the V2
 * router's exact-output swaps; the local router's liquidity functions.
 */
export const KNOWN_SELECTORS: Readonly<Record<string, string>> = {
  '0xd0e30db0': 'deposit()',
  '0x2e1a7d4d': 'withdraw(uint256)',
  '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '0x39509351': 'increaseAllowance(address,uint256)',
  '0xa457c2d7': 'decreaseAllowance(address,uint256)',
  '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  '0x40c10f19': 'mint(address,uint256)',
  '0x42966c68': 'burn(uint256)',
  '0xac9650d8': 'multicall(bytes[])',
  '0x5ae401dc': 'multicall(uint256,bytes[])',
  '0x3593564c': 'execute(bytes,bytes[],uint256)',
  '0x414bf389': 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
  '0xc04b8d59': 'exactInput((bytes,address,uint256,uint256,uint256))',
  '0x8803dbee': 'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  '0xfb3bdb41': 'swapETHForExactTokens(uint256,address[],address,uint256)',
  '0x4a25d94a': 'swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
  '0xe8e33700': 'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  '0xf305d719': 'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
  '0xc9c65396': 'createPair(address,address)'
}
