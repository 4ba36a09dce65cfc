// The frame's ABIs and selectors (service/frame/evm-abis.ts), written out by hand to keep abitype's parser
// out of the frame's first load, are what viem makes of the signatures they stand for (issue 29):
// the token calls and the swaps as parseAbi parses them, the router's swaps as the local router's
// generated ABI has them, every selector as toFunctionSelector computes it.
import { expect } from '@open-wc/testing'
import { parseAbi, toFunctionSelector, type AbiFunction } from 'viem'
import { swapRouterAbi } from '../../../local/chain/abis.js'
import { KNOWN_SELECTORS, READ_SELECTORS, SWAP_ABI, TOKEN_ABI } from '../../../service/frame/evm-abis.js'

/** A function's shape without what decoding does not use (output names, internalType). */
const shape = (item: AbiFunction) => ({
  name: item.name,
  stateMutability: item.stateMutability,
  inputs: item.inputs.map(({ type, name }) => ({ type, name }))
})

describe('the frame’s ABIs and selectors (service/frame/evm-abis.ts, issue 29)', () => {
  it('the token calls are the ERC-20 and ERC-721 signatures', () => {
    const parsed = parseAbi([
      'function transfer(address to, uint256 amount)',
      'function transferFrom(address from, address to, uint256 value)',
      'function approve(address spender, uint256 value)',
      'function safeTransferFrom(address from, address to, uint256 tokenId)',
      'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
      'function setApprovalForAll(address operator, bool approved)'
    ])
    expect(TOKEN_ABI.map(item => shape(item as AbiFunction))).to.deep.equal(parsed.map(shape))
    expect(TOKEN_ABI.map(item => toFunctionSelector(item as AbiFunction))).to.deep.equal([
      '0xa9059cbb',
      '0x23b872dd',
      '0x095ea7b3',
      '0x42842e0e',
      '0xb88d4fde',
      '0xa22cb465'
    ])
  })

  it('the swaps are the local router’s own', () => {
    for (const swap of SWAP_ABI) {
      const router = swapRouterAbi.find(item => item.type === 'function' && item.name === swap.name) as AbiFunction
      expect(router, swap.name).to.not.equal(undefined)
      expect(shape(swap as AbiFunction), swap.name).to.deep.equal(shape(router))
    }
  })

  it('each known selector and read selector is its signature’s', () => {
    for (const [selector, signature] of Object.entries(KNOWN_SELECTORS)) {
      expect(toFunctionSelector(`function ${signature}`), signature).to.equal(selector)
    }
    expect(READ_SELECTORS).to.deep.equal({
      symbol: toFunctionSelector('function symbol()'),
      name: toFunctionSelector('function name()'),
      decimals: toFunctionSelector('function decimals()'),
      supportsInterface: toFunctionSelector('function supportsInterface(bytes4)')
    })
    // The router's liquidity functions are named by the same table.
    for (const name of ['addLiquidity', 'addLiquidityETH', 'createPair']) {
      const item = swapRouterAbi.find(entry => entry.type === 'function' && entry.name === name) as AbiFunction
      expect(KNOWN_SELECTORS[toFunctionSelector(item)], name).to.match(new RegExp(`^${name}\\(`))
    }
  })
})
