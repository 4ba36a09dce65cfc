// ERC-20 transfers, WETH, and swaps through the router against its own quotes.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { maxUint256, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { swapRouterAbi, testTokenAbi, wrappedNativeAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, SEED, SEED_DEADLINE, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()

async function mined(chain: { chainId: number; rpcUrl: string }, hash: Hash) {
  const receipt = await localPublicClient(chain).waitForTransactionReceipt({ hash, timeout: 10_000 })
  assert.equal(receipt.status, 'success')
  return receipt
}

function tokenBalance(chain: { chainId: number; rpcUrl: string }, token: Address, owner: Address) {
  return localPublicClient(chain).readContract({
    address: token,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [owner]
  })
}

describe('tokens and swaps', () => {
  test('an ERC-20 transfer moves tUSDC between test accounts on one chain only', async () => {
    const [from, to] = [TEST_ACCOUNTS[2], TEST_ACCOUNTS[3]]
    const amount = parseUnits('12.5', 6)
    const wallet = localWalletClient(chains.a, from.privateKey)
    const hash = await wallet.writeContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [to.address, amount]
    })
    const receipt = await mined(chains.a, hash)
    assert.equal(receipt.logs.length, 1, 'one Transfer event')
    assert.equal(await tokenBalance(chains.a, CONTRACTS.tUSDC, from.address), SEED.perAccount.tUSDC - amount)
    assert.equal(await tokenBalance(chains.a, CONTRACTS.tUSDC, to.address), SEED.perAccount.tUSDC + amount)
    // Chain B is another chain: nothing moved there.
    assert.equal(await tokenBalance(chains.b, CONTRACTS.tUSDC, from.address), SEED.perAccount.tUSDC)
  })

  test('a transfer above the balance reverts with InsufficientBalance', async () => {
    const wallet = localWalletClient(chains.a, TEST_ACCOUNTS[4].privateKey)
    await assert.rejects(
      wallet.writeContract({
        address: CONTRACTS.TT,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [TEST_ACCOUNTS[0].address, SEED.perAccount.TT + 1n]
      }),
      /InsufficientBalance/
    )
  })

  test('swapExactTokensForTokens (TT -> tUSDC) pays exactly what getAmountsOut quoted', async () => {
    const chain = chains.b
    const user = TEST_ACCOUNTS[0]
    const client = localPublicClient(chain)
    const wallet = localWalletClient(chain, user.privateKey)
    const amountIn = parseEther('100')
    const path = [CONTRACTS.TT, CONTRACTS.tUSDC] as const
    const amounts = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path]
    })
    // 100 TT at 2 tUSDC less the 0.3 % fee and the price impact: a little under 199.4 tUSDC.
    const quoted = amounts[1]!
    assert.ok(quoted < parseUnits('199.4', 6) && quoted > parseUnits('199', 6), `quote ${quoted}`)
    await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.TT,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [CONTRACTS.router, maxUint256]
      })
    )
    const before = await Promise.all([
      tokenBalance(chain, CONTRACTS.TT, user.address),
      tokenBalance(chain, CONTRACTS.tUSDC, user.address)
    ])
    await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, quoted, path, user.address, SEED_DEADLINE]
      })
    )
    assert.equal(await tokenBalance(chain, CONTRACTS.TT, user.address), before[0] - amountIn)
    assert.equal(await tokenBalance(chain, CONTRACTS.tUSDC, user.address), before[1] + quoted)
    // The quote moved with the pool: the same swap now gives less.
    const [, after] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path]
    })
    assert.ok(after! < quoted)
  })

  test('swapExactETHForTokens (ETH -> tUSDC) through WETH', async () => {
    const chain = chains.a
    const user = TEST_ACCOUNTS[1]
    const client = localPublicClient(chain)
    const wallet = localWalletClient(chain, user.privateKey)
    const value = parseEther('1')
    const path = [CONTRACTS.WETH, CONTRACTS.tUSDC] as const
    const [, quoted] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getAmountsOut',
      args: [value, path]
    })
    // About 3000 tUSDC less the fee (0.3 %) and a 1 % price impact.
    assert.ok(quoted! > parseUnits('2950', 6) && quoted! < parseUnits('2991', 6), `quote ${quoted}`)
    const ethBefore = await client.getBalance({ address: user.address })
    const receipt = await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [quoted!, path, user.address, SEED_DEADLINE],
        value
      })
    )
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    assert.equal(await client.getBalance({ address: user.address }), ethBefore - value - gas)
    assert.equal(await tokenBalance(chain, CONTRACTS.tUSDC, user.address), SEED.perAccount.tUSDC + quoted!)
  })

  test('swapExactTokensForETH (tUSDC -> TT -> ETH), a two-hop path', async () => {
    const chain = chains.a
    const user = TEST_ACCOUNTS[4]
    const client = localPublicClient(chain)
    const wallet = localWalletClient(chain, user.privateKey)
    const amountIn = parseUnits('300', 6)
    const path = [CONTRACTS.tUSDC, CONTRACTS.TT, CONTRACTS.WETH] as const
    const amounts = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path]
    })
    const ethOut = amounts[2]!
    // 300 tUSDC is about 0.1 ETH, less two fees.
    assert.ok(ethOut > parseEther('0.098') && ethOut < parseEther('0.1'), `quote ${ethOut}`)
    const approval = await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [CONTRACTS.router, amountIn]
      })
    )
    const ethBefore = await client.getBalance({ address: user.address })
    const receipt = await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, ethOut, path, user.address, SEED_DEADLINE]
      })
    )
    assert.ok(approval.blockNumber < receipt.blockNumber)
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    assert.equal(await client.getBalance({ address: user.address }), ethBefore + ethOut - gas)
    assert.equal(await tokenBalance(chain, CONTRACTS.tUSDC, user.address), SEED.perAccount.tUSDC - amountIn)
    // The allowance was used up exactly.
    assert.equal(
      await client.readContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'allowance',
        args: [user.address, CONTRACTS.router]
      }),
      0n
    )
  })

  test('a swap asking for more than the quote reverts with InsufficientOutputAmount', async () => {
    const chain = chains.a
    const user = TEST_ACCOUNTS[3]
    const client = localPublicClient(chain)
    const wallet = localWalletClient(chain, user.privateKey)
    const path = [CONTRACTS.WETH, CONTRACTS.TT] as const
    const [, quoted] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path]
    })
    await assert.rejects(
      wallet.writeContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [quoted! + 1n, path, user.address, SEED_DEADLINE],
        value: parseEther('1')
      }),
      /InsufficientOutputAmount/
    )
  })

  test('WETH wraps and unwraps ETH', async () => {
    const chain = chains.b
    const user = TEST_ACCOUNTS[2]
    const client = localPublicClient(chain)
    const wallet = localWalletClient(chain, user.privateKey)
    await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.WETH,
        abi: wrappedNativeAbi,
        functionName: 'deposit',
        value: parseEther('2')
      })
    )
    await mined(
      chain,
      await wallet.writeContract({
        address: CONTRACTS.WETH,
        abi: wrappedNativeAbi,
        functionName: 'withdraw',
        args: [parseEther('0.5')]
      })
    )
    assert.equal(
      await client.readContract({
        address: CONTRACTS.WETH,
        abi: wrappedNativeAbi,
        functionName: 'balanceOf',
        args: [user.address]
      }),
      parseEther('1.5')
    )
  })
})
