// The kit's EVM transfers (src/adapters/evm/evm-transfer.ts) on the local chain: the transaction
// the Send flow hands the wallet, signed here with the test key as a wallet would, moves exactly
// the amount, and the fee the preview showed (eth_estimateGas times eth_gasPrice) is what the
// sender paid at that gas price: ETH, and tUSDC through transfer(receiver, amount).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseEther, parseUnits, type Address, type Hex } from 'viem'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { estimateEvmFee, evmTransfer, readGasPrice } from '../../src/adapters/evm/evm-transfer.js'
import { localChainA } from '../../src/networks/definitions.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const [, , sender, receiver] = TEST_ACCOUNTS

function networkA(): CaipNetwork {
  return { ...localChainA, rpcUrls: { default: { http: [chains.a.rpcUrl] } } }
}

function tusdc(owner: Address) {
  return localPublicClient(chains.a).readContract({
    address: CONTRACTS.tUSDC,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [owner]
  })
}

/** Signs and sends the kit's transaction at `gasPrice` with the sender's key; resolves with what it paid in gas. */
async function send(request: { to: string; value: bigint; data: Hex }, gasPrice: bigint): Promise<bigint> {
  const wallet = localWalletClient(chains.a, sender!.privateKey)
  const hash = await wallet.sendTransaction({
    to: request.to as Address,
    value: request.value,
    data: request.data,
    gasPrice
  })
  const receipt = await localPublicClient(chains.a).waitForTransactionReceipt({ hash, timeout: 10_000 })
  assert.equal(receipt.status, 'success')
  return receipt.gasUsed * receipt.effectiveGasPrice
}

describe('the kit’s EVM transfers on the local chain', () => {
  test('ETH: to the receiver with data 0x; the sender pays the amount and the previewed fee', async () => {
    const client = localPublicClient(chains.a)
    const amount = parseEther('1.5')
    const request = evmTransfer({
      from: sender!.address,
      receiver: receiver!.address,
      amount,
      tokenContract: undefined
    })
    const [fee, gasPrice] = await Promise.all([estimateEvmFee(networkA(), request), readGasPrice(networkA())])
    const [senderBefore, receiverBefore] = await Promise.all([
      client.getBalance({ address: sender!.address }),
      client.getBalance({ address: receiver!.address })
    ])
    const paid = await send(request, gasPrice)
    // A plain transfer uses 21000 gas; hardhat's estimate is 21001 (its search ends one above).
    assert.equal(paid, 21_000n * gasPrice)
    assert.ok(fee >= paid && fee - paid <= gasPrice, `the fee ${fee} is the paid ${paid} within one gas unit`)
    assert.equal((await client.getBalance({ address: receiver!.address })) - receiverBefore, amount)
    assert.equal(senderBefore - (await client.getBalance({ address: sender!.address })), amount + paid)
  })

  test('tUSDC: transfer(receiver, amount) to the contract moves the amount; the fee is at most the estimate', async () => {
    const client = localPublicClient(chains.a)
    const amount = parseUnits('12.5', 6)
    const request = evmTransfer({
      from: sender!.address,
      receiver: receiver!.address,
      amount,
      tokenContract: CONTRACTS.tUSDC
    })
    assert.equal(request.to, CONTRACTS.tUSDC)
    assert.equal(request.value, 0n)
    const fee = await estimateEvmFee(networkA(), request)
    const gasPrice = await readGasPrice(networkA())
    const [tokensBefore, receiverTokensBefore, ethBefore] = await Promise.all([
      tusdc(sender!.address),
      tusdc(receiver!.address),
      client.getBalance({ address: sender!.address })
    ])
    const paid = await send(request, gasPrice)
    assert.ok(paid <= fee, `paid ${paid} within the estimate ${fee}`)
    assert.ok(paid > 0n)
    assert.equal(await tusdc(receiver!.address), receiverTokensBefore + amount)
    assert.equal(await tusdc(sender!.address), tokensBefore - amount)
    assert.equal(ethBefore - (await client.getBalance({ address: sender!.address })), paid)
  })

  test('a transfer the chain would refuse (more tUSDC than held) has no fee estimate: it reverts', async () => {
    const request = evmTransfer({
      from: sender!.address,
      receiver: receiver!.address,
      amount: parseUnits('1000000000', 6),
      tokenContract: CONTRACTS.tUSDC
    })
    await assert.rejects(estimateEvmFee(networkA(), request))
  })
})
