// The swap ("convert") endpoints over the chain's router and pools, and POST /v1/fungible/price.
// Token ids are CAIP-10 ("eip155:31337:0x..."), the native token being 0xeeee...eeee. A chain is a
// swap network when the configuration lists it (the spec's 12 plus the local chains) AND this
// backend reads it and knows its router; anything else is 'Network not supported for Swaps' (and,
// for gas prices, a chain that is not listed or not read is 'Network not supported for Gas Price').
//
// Routes: a direct pool when there is one, else through the wrapped native token. Native in or out
// goes through the router's ETH functions (which wrap and unwrap); native <-> wrapped native is a
// plain deposit / withdraw on the wrapped token. Quotes are the router's own getAmountsOut.
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddressEqual,
  maxUint256,
  parseUnits,
  type Address,
  type Hex
} from 'viem'
import { swapRouterAbi, wrappedNativeAbi } from '../../../local/chain/abis.js'
import type {
  BuildApproveQuery,
  BuildApproveResponse,
  BuildTransactionBody,
  BuildTransactionResponse,
  ConvertAllowanceQuery,
  ConvertQuotesQuery,
  FungiblePrice,
  GasPriceResponse,
  SwapQuote,
  SwapToken
} from '../../../src/api/schemas/index.js'
import type { ServerConfig } from '../config.js'
import { badRequest } from '../http.js'
import type { ChainReader, TokenMetadata } from './reader.js'
import { NATIVE_TOKEN_ADDRESS, ZERO_ADDRESS } from './setup.js'

export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price'
/** Seconds a built swap stays valid (the router's deadline). */
export const SWAP_DEADLINE_SECONDS = 20 * 60

interface TokenRef {
  chainId: string
  address: Address
  native: boolean
}

type Route = { kind: 'wrap' } | { kind: 'unwrap' } | { kind: 'swap'; path: Address[] }

/** "eip155:31337:0xabc..." -> chain and address; 400 naming `field` when it is not one. */
export function parseCaip10(value: string, field: string): TokenRef {
  const match = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(value)
  if (!match)
    throw badRequest(
      `Invalid query parameter '${field}': expected an EVM id such as 'eip155:31337:0x...', got '${value}'`
    )
  const address = getAddress(match[2]!.toLowerCase())
  return { chainId: match[1]!, address, native: address.toLowerCase() === NATIVE_TOKEN_ADDRESS }
}

export interface ConvertLinks {
  tokenIcon(imageId: string): string
}

export class ConvertService {
  constructor(
    private readonly readers: Map<string, ChainReader>,
    private readonly config: ServerConfig
  ) {}

  /** The reader of a swap network, or 400 'Network not supported for Swaps'. */
  swapChain(chainId: string): ChainReader {
    const reader = this.readers.get(chainId)
    if (!this.config.swapNetworks.includes(chainId) || !reader?.setup.router || !reader.setup.wrappedNative) {
      throw badRequest(SWAPS_NOT_SUPPORTED)
    }
    return reader
  }

  async tokens(chainId: string, links: ConvertLinks): Promise<SwapToken[]> {
    const reader = this.swapChain(chainId)
    const native = reader.setup.native
    const listed = await Promise.all(
      reader.setup.tokens.map(async token => ({ token, metadata: await reader.tokenMetadata(token.address) }))
    )
    return [
      {
        name: native.name,
        symbol: native.symbol,
        address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`,
        decimals: native.decimals,
        logoUri: links.tokenIcon(native.imageId),
        eip2612: false
      },
      ...listed
        .filter(({ metadata }) => metadata.standard === 'erc20')
        .map(({ token, metadata }) => ({
          name: metadata.name,
          symbol: metadata.symbol,
          address: `${chainId}:${token.address}`,
          decimals: metadata.decimals,
          logoUri: links.tokenIcon(token.imageId),
          eip2612: false
        }))
    ]
  }

  async quotes(query: ConvertQuotesQuery): Promise<SwapQuote[]> {
    const { reader, from, to } = this.pair(query.from, query.to, query.userAddress)
    const amount = positive(query.amount, 'amount')
    const route = await this.route(reader, from, to)
    const toAmount = await this.amountOut(reader, route, amount)
    return [
      {
        id: null,
        fromAddress: `${from.chainId}:${from.native ? NATIVE_TOKEN_ADDRESS : from.address}`,
        toAddress: `${to.chainId}:${to.native ? NATIVE_TOKEN_ADDRESS : to.address}`,
        fromAmount: amount.toString(),
        toAmount: toAmount.toString()
      }
    ]
  }

  async allowance(query: ConvertAllowanceQuery): Promise<bigint> {
    const token = parseCaip10(query.tokenAddress, 'tokenAddress')
    const user = parseCaip10(query.userAddress, 'userAddress')
    const reader = this.swapChain(token.chainId)
    if (user.chainId !== token.chainId) throw badRequest(`'tokenAddress' and 'userAddress' are on different chains`)
    if (token.native) return maxUint256 // the native token is sent as value: nothing to approve
    this.listed(reader, token, 'tokenAddress')
    return reader.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, reader.setup.router!]
    })
  }

  async gasPrice(chainId: string): Promise<GasPriceResponse> {
    const reader = this.readers.get(chainId)
    if (!this.config.swapNetworks.includes(chainId) || !reader) throw badRequest(GAS_PRICE_NOT_SUPPORTED)
    const price = await reader.client.getGasPrice()
    return {
      standard: price.toString(),
      fast: ((price * 12n) / 10n).toString(),
      instant: ((price * 15n) / 10n).toString()
    }
  }

  async buildApprove(query: BuildApproveQuery): Promise<BuildApproveResponse> {
    const { reader, from, user } = this.pair(query.from, query.to, query.userAddress)
    if (from.native)
      throw badRequest(`Invalid query parameter 'from': the native token is sent as value and needs no approval`)
    const amount = query.amount !== undefined ? BigInt(query.amount) : maxUint256
    return {
      from: user.address,
      to: from.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [reader.setup.router!, amount] }),
      value: '0'
    }
  }

  async buildTransaction(body: BuildTransactionBody): Promise<BuildTransactionResponse> {
    const { reader, from, to, user } = this.pair(body.from, body.to, body.userAddress, 'body field')
    const amount = positive(body.amount, 'amount', 'body field')
    const slippage = parseSlippage(body.eip155.slippage)
    const route = await this.route(reader, from, to)
    const router = reader.setup.router!
    const wrapped = reader.setup.wrappedNative!
    let tx: { to: Address; data: Hex; value: bigint }
    if (route.kind === 'wrap') {
      tx = { to: wrapped, data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: 'deposit' }), value: amount }
    } else if (route.kind === 'unwrap') {
      tx = {
        to: wrapped,
        data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: 'withdraw', args: [amount] }),
        value: 0n
      }
    } else {
      const out = await this.amountOut(reader, route, amount)
      const scale = 100n * 10n ** 6n
      const amountOutMin = (out * (scale - slippage)) / scale
      const block = await reader.client.getBlock({ blockTag: 'latest' })
      const deadline = block.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
      const recipient = user.address
      if (from.native) {
        tx = {
          to: router,
          data: encodeFunctionData({
            abi: swapRouterAbi,
            functionName: 'swapExactETHForTokens',
            args: [amountOutMin, route.path, recipient, deadline]
          }),
          value: amount
        }
      } else if (to.native) {
        tx = {
          to: router,
          data: encodeFunctionData({
            abi: swapRouterAbi,
            functionName: 'swapExactTokensForETH',
            args: [amount, amountOutMin, route.path, recipient, deadline]
          }),
          value: 0n
        }
      } else {
        tx = {
          to: router,
          data: encodeFunctionData({
            abi: swapRouterAbi,
            functionName: 'swapExactTokensForTokens',
            args: [amount, amountOutMin, route.path, recipient, deadline]
          }),
          value: 0n
        }
      }
    }
    const gasPrice = await reader.client.getGasPrice()
    let gas: bigint | undefined
    if (!body.disableEstimate) {
      if (!from.native && route.kind === 'swap') {
        const allowance = await reader.client.readContract({
          address: from.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [user.address, router]
        })
        if (allowance < amount) {
          const metadata = await reader.tokenMetadata(from.address)
          throw badRequest(
            `Insufficient allowance: approve ${metadata.symbol} for the router first (GET /v1/convert/build-approve), or pass disableEstimate`
          )
        }
      }
      try {
        const estimate = await reader.client.estimateGas({
          account: user.address,
          to: tx.to,
          data: tx.data,
          value: tx.value
        })
        gas = (estimate * 12n) / 10n
      } catch (error) {
        throw badRequest(`The swap would fail: ${reason(error)}`)
      }
    }
    return {
      tx: {
        from: user.address,
        to: tx.to,
        data: tx.data,
        value: tx.value.toString(),
        ...(gas !== undefined ? { gas: gas.toString() } : {}),
        gasPrice: gasPrice.toString()
      }
    }
  }

  /** USD prices of the tokens asked for; tokens this backend cannot price are left out. */
  async fungiblePrices(addresses: readonly string[], links: ConvertLinks): Promise<FungiblePrice[]> {
    const answers = await Promise.all(
      addresses.map(async (id): Promise<FungiblePrice | undefined> => {
        const match = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(id)
        if (!match) return undefined
        const reader = this.readers.get(match[1]!)
        if (!reader) return undefined
        const address = match[2]!.toLowerCase()
        const prices = await reader.usdPrices()
        const price = prices.get(address)
        if (price === undefined) return undefined
        let metadata: TokenMetadata
        if (address === NATIVE_TOKEN_ADDRESS) metadata = reader.nativeMetadata()
        else metadata = await reader.tokenMetadata(getAddress(address))
        const listed = reader.setup.tokens.find(token => token.address.toLowerCase() === address)
        const imageId =
          address === NATIVE_TOKEN_ADDRESS ? reader.setup.native.imageId : (listed?.imageId ?? metadata.symbol)
        return { name: metadata.name, symbol: metadata.symbol, address: id, iconUrl: links.tokenIcon(imageId), price }
      })
    )
    return answers.filter((answer): answer is FungiblePrice => answer !== undefined)
  }

  // ---- internals ----

  private pair(
    fromId: string,
    toId: string,
    userId: string,
    part: 'query parameter' | 'body field' = 'query parameter'
  ) {
    const from = parseCaip10(fromId, 'from')
    const to = parseCaip10(toId, 'to')
    const user = parseCaip10(userId, 'userAddress')
    const reader = this.swapChain(from.chainId)
    if (to.chainId !== from.chainId || user.chainId !== from.chainId) {
      throw badRequest(`Invalid ${part} 'to': 'from', 'to' and 'userAddress' must be on one chain`)
    }
    if (user.native || isAddressEqual(user.address, ZERO_ADDRESS)) {
      throw badRequest(`Invalid ${part} 'userAddress': not an account`)
    }
    this.listed(reader, from, 'from')
    this.listed(reader, to, 'to')
    return { reader, from, to, user }
  }

  /** 400 unless the token is the native token or on the chain's token list. */
  private listed(reader: ChainReader, token: TokenRef, field: string): void {
    if (token.native) return
    if (!reader.setup.tokens.some(listed => isAddressEqual(listed.address, token.address))) {
      throw badRequest(
        `Invalid query parameter '${field}': ${token.address} is not a swap token on ${token.chainId} (see GET /v1/convert/tokens)`
      )
    }
  }

  private async route(reader: ChainReader, from: TokenRef, to: TokenRef): Promise<Route> {
    const wrapped = reader.setup.wrappedNative!
    const a = from.native ? wrapped : from.address
    const b = to.native ? wrapped : to.address
    if (isAddressEqual(a, b)) {
      if (from.native && !to.native) return { kind: 'wrap' }
      if (!from.native && to.native) return { kind: 'unwrap' }
      throw badRequest(`Invalid query parameter 'to': the same token as 'from'`)
    }
    const hasPool = async (x: Address, y: Address) =>
      !isAddressEqual(
        await reader.client.readContract({
          address: reader.setup.router!,
          abi: swapRouterAbi,
          functionName: 'getPair',
          args: [x, y]
        }),
        ZERO_ADDRESS
      )
    if (await hasPool(a, b)) return { kind: 'swap', path: [a, b] }
    if (
      !isAddressEqual(a, wrapped) &&
      !isAddressEqual(b, wrapped) &&
      (await hasPool(a, wrapped)) &&
      (await hasPool(wrapped, b))
    ) {
      return { kind: 'swap', path: [a, wrapped, b] }
    }
    throw badRequest(`No pool route from ${a} to ${b} on ${from.chainId}`)
  }

  private async amountOut(reader: ChainReader, route: Route, amount: bigint): Promise<bigint> {
    if (route.kind !== 'swap') return amount
    try {
      const amounts = await reader.client.readContract({
        address: reader.setup.router!,
        abi: swapRouterAbi,
        functionName: 'getAmountsOut',
        args: [amount, route.path]
      })
      return amounts[amounts.length - 1]!
    } catch (error) {
      throw badRequest(`No quote for this amount: ${reason(error)}`)
    }
  }
}

function positive(value: string, field: string, part: 'query parameter' | 'body field' = 'query parameter'): bigint {
  const amount = BigInt(value)
  if (amount === 0n) throw badRequest(`Invalid ${part} '${field}': expected an amount greater than 0`)
  if (amount > maxUint256) throw badRequest(`Invalid ${part} '${field}': too large`)
  return amount
}

/** Slippage in percent ("1" = 1 %, docs/behaviour.md section 11) scaled by 10^6; must be below 100. */
function parseSlippage(value: string): bigint {
  let scaled: bigint
  try {
    scaled = parseUnits(value, 6)
  } catch {
    throw badRequest(`Invalid body field 'eip155.slippage': expected a percentage such as "1"`)
  }
  if (scaled >= 100n * 10n ** 6n)
    throw badRequest(`Invalid body field 'eip155.slippage': expected less than 100 (percent)`)
  return scaled
}

function reason(error: unknown): string {
  if (error instanceof BaseError) {
    const revert = error.walk(e => e instanceof ContractFunctionRevertedError)
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) return revert.data.errorName
    return error.shortMessage
  }
  return (error as Error).message
}
