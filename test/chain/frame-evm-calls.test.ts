// The frame's approval of EVM contract calls (service/frame/evm-call-summary.ts; issue 29, docs/behaviour.md section 6) against
// the local stack's real contracts on chain A: the frame's own reads (service/frame/evm-contract-reads.ts,
// eth_call as the frame forwards it, here straight to the node that /frame-api/rpc passes it to)
// name tUSDC and TT by their symbol and decimals, the test collection by its name (TestCollection
// says ERC-721 by ERC-165; TestToken has no supportsInterface and reverts), and an address with no
// contract as unreadable.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { encodeFunctionData, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { swapRouterAbi, testCollectionAbi, testTokenAbi } from '../../local/chain/abis.js'
import { COLLECTIONS, CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { describeTransaction, NOT_READ } from '../../service/frame/evm-call-summary.js'
import { chainReader, ContractReads } from '../../service/frame/evm-contract-reads.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const [wallet, bob] = [TEST_ACCOUNTS[0].address, TEST_ACCOUNTS[1].address]

/** What the approval says of `data` sent to `to`: its action and its fields by name. */
async function described(to: Address, data: Hex) {
  let id = 0
  const forward = async (method: string, params: readonly unknown[]) => {
    const response = await fetch(chains.a.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })
    })
    const answer = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (answer.error) throw new Error(answer.error.message)
    return answer.result
  }
  const reads = new ContractReads(chainReader(forward))
  const { call } = await describeTransaction({ to, value: 0n, data }, reads, wallet)
  assert.ok(call)
  return { action: call.action, fields: Object.fromEntries(call.details) }
}

describe('the frame’s approval against the local chain’s contracts (issue 29)', () => {
  test('a tUSDC transfer and an unlimited allowance read the token’s symbol and decimals', async () => {
    await chains.ready
    const transfer = await described(
      CONTRACTS.tUSDC,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [bob, parseUnits('5', 6)] })
    )
    assert.deepEqual(transfer, { action: 'Send tokens', fields: { To: bob, Amount: '5 tUSDC' } })
    const approve = await described(
      CONTRACTS.tUSDC,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [CONTRACTS.router, maxUint256] })
    )
    assert.deepEqual(approve.fields, { Spender: CONTRACTS.router, Amount: 'Unlimited tUSDC' })
  })

  test('a test collection transfer names the collection; the router’s swap names both tokens', async () => {
    await chains.ready
    const nft = await described(
      CONTRACTS.collection,
      encodeFunctionData({ abi: testCollectionAbi, functionName: 'transferFrom', args: [wallet, bob, 1n] })
    )
    assert.deepEqual(nft, {
      action: 'Send an NFT',
      fields: {
        From: `${wallet} (this wallet)`,
        To: bob,
        'Token ID': '1',
        Collection: COLLECTIONS.collection.name
      }
    })
    const swap = await described(
      CONTRACTS.router,
      encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [parseUnits('5', 6), parseEther('4.5'), [CONTRACTS.tUSDC, CONTRACTS.TT], wallet, 2_000_000_000n]
      })
    )
    assert.deepEqual(swap.fields, {
      Pay: '5 tUSDC',
      'Receive at least': '4.5 TT',
      Recipient: `${wallet} (this wallet)`
    })
  })

  test('an address with no contract is unreadable: the raw amount beside its address', async () => {
    await chains.ready
    const transfer = await described(
      bob,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [wallet, 7n] })
    )
    assert.equal(transfer.fields.Amount, `7 of ${bob} (in its smallest unit: ${NOT_READ})`)
  })
})
