// What the frame's approval says of an EVM contract call (issue 29; docs/behaviour.md section 6: eth_sendTransaction and
// wallet_sendCalls need the visitor's approval, so the approval must say what they do): through the
// frame's RPC (service/frame/rpc.ts) with the fake chain's contracts behind eth_call, then drawn by the
// approval UI (service/frame/approval-details.ts). The visitor sees who receives what: ERC-20 transfer,
// transferFrom and approve (amounts in the token's symbol and decimals as the chain says them, an
// unlimited approval in words), ERC-721 transfers (token id, from, to, collection), the router's
// swaps, a known function by name, a plain warning for an unknown one; and raw amounts beside the
// contract's address when the chain does not say the token's symbol and decimals, or takes too long.
import { expect } from '@open-wc/testing'
import { encodeFunctionData, maxUint256, parseAbi, parseEther, parseUnits, type Hex } from 'viem'
import { swapRouterAbi } from '../../../local/chain/abis.js'
import { approvalDetails } from '../../../service/frame/approval-details.js'
import type { ApprovalRequest } from '../../../service/frame/approval-request.js'
import { NOT_READ, SELF, UNKNOWN_CALL_WARNING } from '../../../service/frame/evm-call-summary.js'
import { HARDHAT_ADDRESS } from './known-keys.js'
import { rpcSetup, type RpcSetup } from './rpc-support.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CAROL = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TUSDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const WETH = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
const COLLECTION = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'
const UNREADABLE = '0x0165878A594ca255338adfa4d48449f69242Eb8F'
const DEADLINE = 2_000_000_000n

const ERC = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function deposit()'
])

function setupWithContracts(options: Parameters<typeof rpcSetup>[0] = {}): RpcSetup {
  const setup = rpcSetup(options)
  const { contracts } = setup.chain
  contracts.set(TUSDC.toLowerCase(), { standard: 'erc20', name: 'Test USD Coin', symbol: 'tUSDC', decimals: 6 })
  contracts.set(TT.toLowerCase(), { standard: 'erc20', name: 'Test Token', symbol: 'TT', decimals: 18 })
  contracts.set(WETH.toLowerCase(), { standard: 'erc20', name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 })
  contracts.set(COLLECTION.toLowerCase(), { standard: 'erc721', name: 'Test Collection', symbol: 'TCOL' })
  return setup
}

/** What the approval draws for `request`: its action lines, its fields (term, value), its warnings. */
function drawn(request: ApprovalRequest) {
  const root = document.createElement('div')
  root.append(...approvalDetails(document, request))
  const fields = [...root.querySelectorAll('dl > div')].map(row => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent
  ])
  return {
    actions: [...root.querySelectorAll('.approval-action')].map(node => node.textContent),
    fields,
    field: (term: string) => fields.filter(([name]) => name === term).map(([, value]) => value),
    warnings: [...root.querySelectorAll('.approval-warning')].map(node => node.textContent),
    text: root.textContent ?? ''
  }
}

/** Sends `data` to `to` (with `value` wei) from the frame; what the visitor was shown. */
async function approvalOf(setup: RpcSetup, to: string, data: Hex, value = 0n) {
  await setup.call('eth_sendTransaction', [{ to, data, value: `0x${value.toString(16)}` }])
  return drawn(setup.asked[setup.asked.length - 1]!)
}

describe('the frame’s approval of an EVM contract call (issue 29, docs/behaviour.md section 6)', () => {
  it('an ERC-20 transfer shows the receiver and the amount in the token’s symbol, not “Value 0 ETH” and raw data', async () => {
    const setup = setupWithContracts()
    const shown = await approvalOf(
      setup,
      TUSDC,
      encodeFunctionData({ abi: ERC, functionName: 'transfer', args: [BOB, parseUnits('5', 6)] })
    )
    expect(shown.actions).to.deep.equal(['Send tokens'])
    expect(shown.field('To')).to.deep.equal([BOB])
    expect(shown.field('Amount')).to.deep.equal(['5 tUSDC'])
    expect(shown.field('Contract')).to.deep.equal([TUSDC])
    expect(shown.field('Value')).to.deep.equal([])
    expect(shown.field('Data')).to.deep.equal([])
    expect(shown.warnings).to.deep.equal([])
    // The transfer itself is signed and sent as asked.
    expect(setup.chain.sent[0]!.parsed.to).to.equal(TUSDC.toLowerCase())
  })

  it('an ERC-20 transferFrom shows from, to and the amount', async () => {
    const setup = setupWithContracts()
    const shown = await approvalOf(
      setup,
      TUSDC,
      encodeFunctionData({ abi: ERC, functionName: 'transferFrom', args: [CAROL, BOB, parseUnits('1.25', 6)] })
    )
    expect(shown.actions).to.deep.equal(['Send tokens'])
    expect(shown.field('From')).to.deep.equal([CAROL])
    expect(shown.field('To')).to.deep.equal([BOB])
    expect(shown.field('Amount')).to.deep.equal(['1.25 tUSDC'])
  })

  it('an ERC-20 approve names the spender and the allowance; max uint256 and from 2^128 on read “Unlimited tUSDC”', async () => {
    const setup = setupWithContracts()
    const approve = (value: bigint) =>
      approvalOf(setup, TUSDC, encodeFunctionData({ abi: ERC, functionName: 'approve', args: [ROUTER, value] }))
    const unlimited = await approve(maxUint256)
    expect(unlimited.actions).to.deep.equal(['Allow spending of your tUSDC'])
    expect(unlimited.field('Spender')).to.deep.equal([ROUTER])
    expect(unlimited.field('Amount')).to.deep.equal(['Unlimited tUSDC'])
    expect((await approve(2n ** 160n - 1n)).field('Amount')).to.deep.equal(['Unlimited tUSDC'])
    expect((await approve(2n ** 128n)).field('Amount')).to.deep.equal(['Unlimited tUSDC'])
    const below = (await approve(2n ** 128n - 1n)).field('Amount')[0]!
    expect(below).not.to.contain('Unlimited')
    expect(below).to.match(/ tUSDC$/)
    expect((await approve(parseUnits('5', 6))).field('Amount')).to.deep.equal(['5 tUSDC'])
  })

  it('an ERC-721 transfer shows the token id, from, to and the collection’s name (transferFrom and both safeTransferFrom)', async () => {
    const setup = setupWithContracts()
    const calls: Hex[] = [
      encodeFunctionData({ abi: ERC, functionName: 'transferFrom', args: [HARDHAT_ADDRESS, BOB, 7n] }),
      encodeFunctionData({ abi: ERC, functionName: 'safeTransferFrom', args: [HARDHAT_ADDRESS, BOB, 7n] }),
      encodeFunctionData({ abi: ERC, functionName: 'safeTransferFrom', args: [HARDHAT_ADDRESS, BOB, 7n, '0x1234'] })
    ]
    for (const data of calls) {
      const shown = await approvalOf(setup, COLLECTION, data)
      expect(shown.actions, data.slice(0, 10)).to.deep.equal(['Send an NFT'])
      expect(shown.field('Token ID')).to.deep.equal(['7'])
      expect(shown.field('From')).to.deep.equal([`${HARDHAT_ADDRESS} (${SELF})`])
      expect(shown.field('To')).to.deep.equal([BOB])
      expect(shown.field('Collection')).to.deep.equal(['Test Collection'])
      expect(shown.field('Amount')).to.deep.equal([])
    }
    const all = await approvalOf(
      setup,
      COLLECTION,
      encodeFunctionData({ abi: ERC, functionName: 'setApprovalForAll', args: [BOB, true] })
    )
    expect(all.actions).to.deep.equal(['Allow another account to move all your NFTs of this collection'])
    expect(all.field('Operator')).to.deep.equal([BOB])
  })

  it('the router’s swaps show what is paid, the least received and the recipient (tokens, ETH in, ETH out, a route)', async () => {
    const setup = setupWithContracts()
    const tokens = await approvalOf(
      setup,
      ROUTER,
      encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [parseUnits('5', 6), parseEther('4.9'), [TUSDC, TT], HARDHAT_ADDRESS, DEADLINE]
      })
    )
    expect(tokens.actions).to.deep.equal(['Swap tokens'])
    expect(tokens.field('Pay')).to.deep.equal(['5 tUSDC'])
    expect(tokens.field('Receive at least')).to.deep.equal(['4.9 TT'])
    expect(tokens.field('Recipient')).to.deep.equal([`${HARDHAT_ADDRESS} (${SELF})`])
    expect(tokens.field('Contract')).to.deep.equal([ROUTER])

    const ethIn = await approvalOf(
      setup,
      ROUTER,
      encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [parseUnits('9', 6), [WETH, TT, TUSDC], BOB, DEADLINE]
      }),
      parseEther('0.1')
    )
    expect(ethIn.field('Pay')).to.deep.equal(['0.1 ETH'])
    expect(ethIn.field('Value')).to.deep.equal(['0.1 ETH'])
    expect(ethIn.field('Receive at least')).to.deep.equal(['9 tUSDC'])
    expect(ethIn.field('Recipient')).to.deep.equal([BOB])
    expect(ethIn.field('Route')).to.deep.equal(['WETH → TT → tUSDC'])

    const ethOut = await approvalOf(
      setup,
      ROUTER,
      encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForETH',
        args: [parseEther('2'), parseEther('0.01'), [TT, WETH], HARDHAT_ADDRESS, DEADLINE]
      })
    )
    expect(ethOut.field('Pay')).to.deep.equal(['2 TT'])
    expect(ethOut.field('Receive at least')).to.deep.equal(['0.01 ETH'])
  })

  it('a known function is named (its data shown), an unknown one gets a plain warning', async () => {
    const setup = setupWithContracts()
    const deposit = await approvalOf(setup, WETH, encodeFunctionData({ abi: ERC, functionName: 'deposit' }), 10n ** 17n)
    expect(deposit.actions).to.deep.equal(['Call deposit()'])
    expect(deposit.field('Value')).to.deep.equal(['0.1 ETH'])
    expect(deposit.warnings).to.deep.equal([])
    const liquidity = await approvalOf(
      setup,
      ROUTER,
      encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'addLiquidity',
        args: [TUSDC, TT, 1n, 1n, 0n, 0n, HARDHAT_ADDRESS, DEADLINE]
      })
    )
    expect(liquidity.actions).to.deep.equal([
      'Call addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)'
    ])
    expect(liquidity.field('Data')).to.have.length(1)

    const unknownData = `0xdeadbeef${'00'.repeat(64)}` as Hex
    const unknown = await approvalOf(setup, BOB, unknownData)
    expect(unknown.warnings).to.deep.equal([UNKNOWN_CALL_WARNING])
    expect(unknown.field('Function')).to.deep.equal(['0xdeadbeef (not known to this wallet)'])
    expect(unknown.field('Data')).to.deep.equal(['0xdeadbeef…00000000 (68 bytes)'])
    expect(unknown.field('Contract')).to.deep.equal([BOB])
    expect((await approvalOf(setup, BOB, '0x1234')).warnings).to.deep.equal([UNKNOWN_CALL_WARNING])
  })

  it('when the token’s symbol and decimals cannot be read, shows the raw amount and the contract’s address, never a guess', async () => {
    const setup = setupWithContracts()
    const transfer = await approvalOf(
      setup,
      UNREADABLE,
      encodeFunctionData({ abi: ERC, functionName: 'transfer', args: [BOB, 5_000_000n] })
    )
    expect(transfer.field('To')).to.deep.equal([BOB])
    expect(transfer.field('Amount')).to.deep.equal([`5000000 of ${UNREADABLE} (in its smallest unit: ${NOT_READ})`])
    expect(setup.forwarded.some(entry => entry.request.method === 'eth_call')).to.equal(true)
    // transferFrom and approve could be ERC-20 or ERC-721: unread, they say both.
    const approve = await approvalOf(
      setup,
      UNREADABLE,
      encodeFunctionData({ abi: ERC, functionName: 'approve', args: [ROUTER, maxUint256] })
    )
    expect(approve.field('Spender')).to.deep.equal([ROUTER])
    expect(approve.field('Amount or token ID')).to.deep.equal([`${maxUint256} (${NOT_READ})`])
    expect(approve.text).not.to.contain('Unlimited')
  })

  it('a symbol from the chain is text, never markup; one with bidirectional marks or too long counts as unreadable', async () => {
    const setup = setupWithContracts()
    const markup = '<img src=x onerror="window.__evmXss=1">'
    setup.chain.contracts.set(UNREADABLE.toLowerCase(), { standard: 'erc20', name: 'X', symbol: markup, decimals: 0 })
    const transfer = encodeFunctionData({ abi: ERC, functionName: 'transfer', args: [BOB, 3n] })
    const root = document.createElement('div')
    await setup.call('eth_sendTransaction', [{ to: UNREADABLE, data: transfer }])
    root.append(...approvalDetails(document, setup.asked[0]!))
    document.body.append(root)
    expect(drawn(setup.asked[0]!).field('Amount')).to.deep.equal([`3 ${markup}`])
    expect(root.querySelector('img')).to.equal(null)
    root.remove()
    for (const symbol of ['USDC\u202e', 'x'.repeat(41)]) {
      setup.chain.contracts.set(UNREADABLE.toLowerCase(), { standard: 'erc20', name: 'X', symbol, decimals: 0 })
      expect((await approvalOf(setup, UNREADABLE, transfer)).field('Amount'), symbol).to.deep.equal([
        `3 of ${UNREADABLE} (in its smallest unit: ${NOT_READ})`
      ])
    }
  })

  it('a chain that does not answer the reads holds the approval back only for the time limit', async () => {
    const setup = setupWithContracts({ contractReadTimeoutMs: 50 })
    setup.chain.hangCalls = true
    const shown = await approvalOf(
      setup,
      TUSDC,
      encodeFunctionData({ abi: ERC, functionName: 'transfer', args: [BOB, 5_000_000n] })
    )
    expect(shown.field('Amount')).to.deep.equal([`5000000 of ${TUSDC} (in its smallest unit: ${NOT_READ})`])
  })

  it('a batch (an allowance, then the swap) is shown call by call, each token read once', async () => {
    const setup = setupWithContracts()
    await setup.call('wallet_sendCalls', [
      {
        calls: [
          {
            to: TUSDC,
            data: encodeFunctionData({ abi: ERC, functionName: 'approve', args: [ROUTER, parseUnits('5', 6)] })
          },
          {
            to: ROUTER,
            data: encodeFunctionData({
              abi: swapRouterAbi,
              functionName: 'swapExactTokensForTokens',
              args: [parseUnits('5', 6), parseEther('4.9'), [TUSDC, TT], HARDHAT_ADDRESS, DEADLINE]
            })
          }
        ]
      }
    ])
    const shown = drawn(setup.asked[0]!)
    expect(shown.actions).to.deep.equal(['Allow spending of your tUSDC', 'Swap tokens'])
    expect(shown.field('Amount')).to.deep.equal(['5 tUSDC'])
    expect(shown.field('Pay')).to.deep.equal(['5 tUSDC'])
    const tusdcReads = setup.forwarded.filter(
      entry =>
        entry.request.method === 'eth_call' &&
        (entry.request.params as [{ to: string }])[0].to.toLowerCase() === TUSDC.toLowerCase()
    )
    expect(tusdcReads).to.have.length(4)
  })
})
