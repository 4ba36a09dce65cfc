// The convert (swap) endpoints and fungible price over the router and pools of real local chains:
// quotes are the router's getAmountsOut, built transactions are sent from a test account with viem
// and must perform the swap they quoted.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hex
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { swapRouterAbi } from '../../local/chain/abis.js'
import { CONTRACTS } from '../../local/chain/deployment.js'
import {
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  convertAllowanceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
  fungiblePriceResponseSchema,
  gasPriceResponseSchema,
  historyResponseSchema,
  type UnsignedTransaction
} from '../../src/api/schemas/index.js'
import { SDK_QUERY, startStack, type Stack } from './blockchain-stack.js'

let stack: Stack

before(async () => {
  stack = await startStack()
})

after(async () => {
  await stack?.stop()
})

const A = 'eip155:31337'
const B = 'eip155:31338'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const id = (address: string, chain = A) => `${chain}:${address}`
const SWAPS = 'Network not supported for Swaps'
const GAS = 'Network not supported for Gas Price'

async function amountsOut(amount: bigint, path: Address[]): Promise<bigint> {
  const amounts = await stack.publicClient().readContract({
    address: CONTRACTS.router,
    abi: swapRouterAbi,
    functionName: 'getAmountsOut',
    args: [amount, path]
  })
  return amounts[amounts.length - 1]!
}

async function quote(from: string, to: string, amount: bigint, user: Address) {
  const { quotes } = await stack.get('/v1/convert/quotes', convertQuotesResponseSchema, {
    amount: amount.toString(),
    userAddress: id(user),
    from: id(from),
    to: id(to),
    gasPrice: '1000000000'
  })
  assert.equal(quotes.length, 1)
  return quotes[0]!
}

async function build(
  account: PrivateKeyAccount,
  from: string,
  to: string,
  amount: bigint,
  extra: { slippage?: string; disableEstimate?: boolean } = {}
) {
  return stack.post('/v1/convert/build-transaction', buildTransactionResponseSchema, {
    projectId: SDK_QUERY.projectId,
    amount: amount.toString(),
    eip155: { slippage: extra.slippage ?? '1' },
    from: id(from),
    to: id(to),
    userAddress: id(account.address),
    ...(extra.disableEstimate !== undefined ? { disableEstimate: extra.disableEstimate } : {})
  })
}

/** Sends what the backend built, as a wallet would, and answers the receipt. */
async function send(account: PrivateKeyAccount, tx: UnsignedTransaction) {
  assert.equal(tx.from, account.address)
  const wallet = stack.wallet(account)
  const hash = await wallet.sendTransaction({
    account,
    chain: wallet.chain,
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    ...(tx.gas ? { gas: BigInt(tx.gas) } : {})
  })
  const receipt = await stack.publicClient().waitForTransactionReceipt({ hash })
  assert.equal(receipt.status, 'success')
  return receipt
}

const tokenBalance = (token: Address, owner: Address) =>
  stack.publicClient().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('GET /v1/convert/tokens and /v1/convert/gas-price', () => {
  it('lists the native token and the token list, with decimals read from the chain', async () => {
    for (const chain of [A, B]) {
      const { tokens } = await stack.get('/v1/convert/tokens', convertTokensResponseSchema, { chainId: chain })
      assert.deepEqual(
        tokens.map(token => [token.symbol, token.address, token.decimals]),
        [
          ['ETH', id(NATIVE, chain), 18],
          ['tUSDC', id(CONTRACTS.tUSDC, chain), 6],
          ['TT', id(CONTRACTS.TT, chain), 18],
          ['WETH', id(CONTRACTS.WETH, chain), 18]
        ]
      )
      assert.ok(tokens.every(token => token.logoUri.startsWith(`${stack.url}/public/getTokenImage/`)))
    }
  })

  it("answers 'Network not supported for Swaps' / 'for Gas Price' for chains outside the swap list", async () => {
    for (const chainId of ['eip155:1', 'eip155:999', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      assert.equal(await stack.error('GET', '/v1/convert/tokens', 400, { query: { chainId } }), SWAPS)
      assert.equal(await stack.error('GET', '/v1/convert/gas-price', 400, { query: { chainId } }), GAS)
    }
    const user = privateKeyToAccount(generatePrivateKey()).address
    const query = {
      amount: '1000',
      userAddress: id(user, 'eip155:1'),
      from: id(CONTRACTS.tUSDC, 'eip155:1'),
      to: id(CONTRACTS.TT, 'eip155:1'),
      gasPrice: '1'
    }
    assert.equal(await stack.error('GET', '/v1/convert/quotes', 400, { query }), SWAPS)
    assert.equal(
      await stack.error('GET', '/v1/convert/allowance', 400, {
        query: { tokenAddress: id(CONTRACTS.tUSDC, 'eip155:137'), userAddress: id(user, 'eip155:137') }
      }),
      SWAPS
    )
    assert.equal(
      await stack.error('POST', '/v1/convert/build-transaction', 400, {
        body: {
          projectId: SDK_QUERY.projectId,
          amount: '1',
          eip155: { slippage: '1' },
          from: query.from,
          to: query.to,
          userAddress: query.userAddress
        }
      }),
      SWAPS
    )
  })

  it('answers the chain gas price', async () => {
    const price = await stack.publicClient().getGasPrice()
    const answer = await stack.get('/v1/convert/gas-price', gasPriceResponseSchema, { chainId: A })
    assert.equal(answer.standard, price.toString())
    assert.ok(BigInt(answer.fast) >= price && BigInt(answer.instant) >= BigInt(answer.fast))
    assert.match(await stack.error('GET', '/v1/convert/gas-price', 400), /chainId/)
  })
})

describe('GET /v1/convert/quotes', () => {
  it("matches the router's getAmountsOut", async () => {
    const user = privateKeyToAccount(generatePrivateKey()).address
    const cases: Array<[string, string, bigint, Address[]]> = [
      [CONTRACTS.tUSDC, CONTRACTS.TT, parseUnits('250', 6), [CONTRACTS.tUSDC, CONTRACTS.TT]],
      [NATIVE, CONTRACTS.tUSDC, parseEther('1.5'), [CONTRACTS.WETH, CONTRACTS.tUSDC]],
      [CONTRACTS.TT, NATIVE, parseEther('100'), [CONTRACTS.TT, CONTRACTS.WETH]],
      [CONTRACTS.WETH, CONTRACTS.TT, parseEther('0.3'), [CONTRACTS.WETH, CONTRACTS.TT]]
    ]
    for (const [from, to, amount, path] of cases) {
      const answer = await quote(from, to, amount, user)
      assert.deepEqual(answer, {
        id: null,
        fromAddress: id(from),
        toAddress: id(to),
        fromAmount: amount.toString(),
        toAmount: (await amountsOut(amount, path)).toString()
      })
    }
    // Wrapping is one to one.
    assert.equal((await quote(NATIVE, CONTRACTS.WETH, 12345n, user)).toAmount, '12345')
  })

  it('refuses bad input with 400', async () => {
    const user = id(privateKeyToAccount(generatePrivateKey()).address)
    const good = { amount: '1000', userAddress: user, from: id(CONTRACTS.tUSDC), to: id(CONTRACTS.TT), gasPrice: '1' }
    const bad = async (query: Record<string, string | undefined>, pattern: RegExp) =>
      assert.match(await stack.error('GET', '/v1/convert/quotes', 400, { query: { ...good, ...query } }), pattern)
    await bad({ amount: '0' }, /'amount': expected an amount greater than 0/)
    await bad({ amount: '1.5' }, /amount/)
    await bad({ amount: undefined }, /amount/)
    await bad({ gasPrice: undefined }, /gasPrice/)
    await bad({ from: CONTRACTS.tUSDC }, /'from'/)
    await bad({ to: id(CONTRACTS.TT, B) }, /one chain/)
    await bad({ to: id(CONTRACTS.collection) }, /not a swap token/)
    await bad({ to: id(CONTRACTS.tUSDC) }, /same token/)
    await bad({ userAddress: 'eip155:31337:nobody' }, /userAddress/)
  })
})

describe('allowance, build-approve and build-transaction', () => {
  it('builds an approve that the token executes, and reports the allowance', async () => {
    const account = await stack.freshAccount({ eth: '1', tUSDC: parseUnits('100', 6) })
    const allowance = async (token: string) =>
      (
        await stack.get('/v1/convert/allowance', convertAllowanceResponseSchema, {
          tokenAddress: id(token),
          userAddress: id(account.address)
        })
      ).allowance
    assert.equal(await allowance(CONTRACTS.tUSDC), '0')
    assert.equal(await allowance(NATIVE), maxUint256.toString())

    const approve = await stack.get('/v1/convert/build-approve', buildApproveResponseSchema, {
      userAddress: id(account.address),
      from: id(CONTRACTS.tUSDC),
      to: id(CONTRACTS.TT),
      amount: parseUnits('40', 6).toString()
    })
    assert.deepEqual(
      { from: approve.from, to: approve.to, value: approve.value },
      { from: account.address, to: CONTRACTS.tUSDC, value: '0' }
    )
    await send(account, { ...approve })
    assert.equal(await allowance(CONTRACTS.tUSDC), parseUnits('40', 6).toString())
    const onChain = await stack.publicClient().readContract({
      address: CONTRACTS.tUSDC,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [account.address, CONTRACTS.router]
    })
    assert.equal(onChain, parseUnits('40', 6))

    // Without an amount: the maximum.
    const unlimited = await stack.get('/v1/convert/build-approve', buildApproveResponseSchema, {
      userAddress: id(account.address),
      from: id(CONTRACTS.TT),
      to: id(CONTRACTS.tUSDC)
    })
    const call = decodeFunctionData({ abi: erc20Abi, data: unlimited.data as Hex })
    assert.deepEqual(call.args, [CONTRACTS.router, maxUint256])
    assert.match(
      await stack.error('GET', '/v1/convert/build-approve', 400, {
        query: { userAddress: id(account.address), from: id(NATIVE), to: id(CONTRACTS.TT) }
      }),
      /needs no approval/
    )
  })

  it('builds a native -> token swap whose calldata the router executes for the quoted amount', async () => {
    const account = await stack.freshAccount({ eth: '5' })
    const amount = parseEther('0.8')
    const quoted = BigInt((await quote(NATIVE, CONTRACTS.tUSDC, amount, account.address)).toAmount)
    const { tx } = await build(account, NATIVE, CONTRACTS.tUSDC, amount, { slippage: '0.5' })
    assert.equal(tx.to, CONTRACTS.router)
    assert.equal(tx.value, amount.toString())
    assert.ok(tx.gas && BigInt(tx.gas) > 21_000n)
    assert.ok(tx.gasPrice)
    const call = decodeFunctionData({ abi: swapRouterAbi, data: tx.data as Hex })
    assert.equal(call.functionName, 'swapExactETHForTokens')
    const [amountOutMin, path, to] = call.args as [bigint, Address[], Address, bigint]
    assert.equal(amountOutMin, (quoted * 995n) / 1000n, '0.5 % slippage')
    assert.deepEqual(path, [CONTRACTS.WETH, CONTRACTS.tUSDC])
    assert.equal(to, account.address)

    const before = await tokenBalance(CONTRACTS.tUSDC, account.address)
    const receipt = await send(account, tx)
    assert.equal((await tokenBalance(CONTRACTS.tUSDC, account.address)) - before, quoted)

    // History shows it as a trade.
    await stack.indexed(receipt.transactionHash)
    const { data } = await stack.get(`/v1/account/${account.address}/history`, historyResponseSchema, { chainId: A })
    const swap = data.find(item => item.id === receipt.transactionHash)!
    assert.equal(swap.metadata.operationType, 'trade')
    assert.deepEqual(
      swap.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [
        ['ETH', 'out', '0.8'],
        ['tUSDC', 'in', formatUnits(quoted, 6)]
      ]
    )
  })

  it('builds token -> token and token -> native swaps after an approval, and wraps', async () => {
    const account = await stack.freshAccount({ eth: '5', tUSDC: parseUnits('1000', 6) })
    const usdcIn = parseUnits('300', 6)
    // No approval yet: estimating would fail, so the backend says why.
    assert.match(
      await stack.error('POST', '/v1/convert/build-transaction', 400, {
        body: {
          projectId: SDK_QUERY.projectId,
          amount: usdcIn.toString(),
          eip155: { slippage: '1' },
          from: id(CONTRACTS.tUSDC),
          to: id(CONTRACTS.TT),
          userAddress: id(account.address)
        }
      }),
      /^Insufficient allowance: approve tUSDC/
    )
    // disableEstimate builds it anyway (without gas).
    const unestimated = await build(account, CONTRACTS.tUSDC, CONTRACTS.TT, usdcIn, { disableEstimate: true })
    assert.equal(unestimated.tx.gas, undefined)

    const approve = await stack.get('/v1/convert/build-approve', buildApproveResponseSchema, {
      userAddress: id(account.address),
      from: id(CONTRACTS.tUSDC),
      to: id(CONTRACTS.TT)
    })
    await send(account, approve)
    const ttQuoted = BigInt((await quote(CONTRACTS.tUSDC, CONTRACTS.TT, usdcIn, account.address)).toAmount)
    const toTT = await build(account, CONTRACTS.tUSDC, CONTRACTS.TT, usdcIn)
    assert.equal(
      decodeFunctionData({ abi: swapRouterAbi, data: toTT.tx.data as Hex }).functionName,
      'swapExactTokensForTokens'
    )
    await send(account, toTT.tx)
    assert.equal(await tokenBalance(CONTRACTS.TT, account.address), ttQuoted)
    assert.equal(await tokenBalance(CONTRACTS.tUSDC, account.address), parseUnits('700', 6))

    // TT -> ETH: the router unwraps and pays native.
    await send(
      account,
      await stack.get('/v1/convert/build-approve', buildApproveResponseSchema, {
        userAddress: id(account.address),
        from: id(CONTRACTS.TT),
        to: id(NATIVE)
      })
    )
    const ttIn = ttQuoted / 2n
    const ethQuoted = BigInt((await quote(CONTRACTS.TT, NATIVE, ttIn, account.address)).toAmount)
    const toEth = await build(account, CONTRACTS.TT, NATIVE, ttIn)
    assert.equal(
      decodeFunctionData({ abi: swapRouterAbi, data: toEth.tx.data as Hex }).functionName,
      'swapExactTokensForETH'
    )
    const client = stack.publicClient()
    const nativeBefore = await client.getBalance({ address: account.address })
    const receipt = await send(account, toEth.tx)
    const nativeAfter = await client.getBalance({ address: account.address })
    assert.equal(nativeAfter - nativeBefore + receipt.gasUsed * receipt.effectiveGasPrice, ethQuoted)

    // ETH -> WETH is a deposit on the wrapped token.
    const wrap = await build(account, NATIVE, CONTRACTS.WETH, parseEther('0.25'))
    assert.equal(wrap.tx.to, CONTRACTS.WETH)
    await send(account, wrap.tx)
    assert.equal(await tokenBalance(CONTRACTS.WETH, account.address), parseEther('0.25'))
  })

  it('refuses bad bodies with 400 and an unknown project with 403', async () => {
    const user = id(privateKeyToAccount(generatePrivateKey()).address)
    const body = {
      projectId: SDK_QUERY.projectId,
      amount: '1000',
      eip155: { slippage: '1' },
      from: id(NATIVE),
      to: id(CONTRACTS.TT),
      userAddress: user,
      disableEstimate: true
    }
    const post = (value: unknown, status = 400) =>
      stack.error('POST', '/v1/convert/build-transaction', status, { body: value })
    assert.match(await post({ ...body, eip155: { slippage: '100' } }), /slippage/)
    assert.match(await post({ ...body, eip155: undefined }), /eip155/)
    assert.match(await post({ ...body, amount: 12 }), /amount/)
    assert.match(await post({ ...body, amount: '0' }), /greater than 0/)
    assert.match(await post({ ...body, projectId: 'someone-else' }, 403), /Invalid Project ID/)
    assert.match(await stack.error('POST', '/v1/convert/build-transaction', 400, { raw: 'amount=1' }), /JSON/)
    assert.match(
      await stack.error('GET', '/v1/convert/allowance', 400, { query: { tokenAddress: id(CONTRACTS.TT) } }),
      /userAddress/
    )
  })
})

describe('POST /v1/fungible/price', () => {
  it('prices tokens from the pools; what it cannot price is left out', async () => {
    const client = stack.publicClient()
    const [ttReserve, usdcReserve] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getReserves',
      args: [CONTRACTS.TT, CONTRACTS.tUSDC]
    })
    const [wethReserve, usdcReserve2] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getReserves',
      args: [CONTRACTS.WETH, CONTRACTS.tUSDC]
    })
    const unknown = privateKeyToAccount(generatePrivateKey()).address
    const { fungibles } = await stack.post('/v1/fungible/price', fungiblePriceResponseSchema, {
      projectId: SDK_QUERY.projectId,
      currency: 'usd',
      addresses: [id(CONTRACTS.tUSDC), id(CONTRACTS.TT), id(NATIVE, B), id(unknown), id(CONTRACTS.TT, 'eip155:1')]
    })
    assert.deepEqual(
      fungibles.map(f => [f.symbol, f.address]),
      [
        ['tUSDC', id(CONTRACTS.tUSDC)],
        ['TT', id(CONTRACTS.TT)],
        ['ETH', id(NATIVE, B)]
      ]
    )
    assert.equal(fungibles[0]!.price, 1)
    const ttPrice = Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(ttReserve, 18))
    assert.ok(Math.abs(fungibles[1]!.price - ttPrice) < 1e-9 * ttPrice)
    const ethPrice = Number(formatUnits(usdcReserve2, 6)) / Number(formatUnits(wethReserve, 18))
    // Chain B's pools are untouched by this file's swaps on chain A: still the seeded 3000.
    assert.equal(fungibles[2]!.price, 3000)
    assert.ok(ethPrice < 3000, 'chain A swaps moved its price')

    const post = (value: unknown) => stack.error('POST', '/v1/fungible/price', 400, { body: value })
    assert.match(await post({ projectId: SDK_QUERY.projectId, currency: 'usd', addresses: [] }), /addresses/)
    assert.match(
      await post({ projectId: SDK_QUERY.projectId, currency: 'eur', addresses: [id(CONTRACTS.TT)] }),
      /currency/
    )
    assert.match(await post({ projectId: SDK_QUERY.projectId, currency: 'usd', addresses: ['TT'] }), /addresses/)
  })
})
