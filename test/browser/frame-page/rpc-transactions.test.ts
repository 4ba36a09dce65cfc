// Transactions from the frame (service/frame/transactions.ts through service/frame/rpc.ts) against a fake chain:
// after approval, eth_sendTransaction is filled (chain id, nonce, gas, EIP-1559 or legacy fees)
// through the forwarded RPC, signed by the frame's key (the chain recovers the sender) and sent raw;
// wallet_sendCalls runs its calls one by one after one approval and answers an id whose status
// wallet_getCallsStatus reads from the receipts.
import { expect } from '@open-wc/testing'
import { parseEther, type Hex } from 'viem'
import { UNKNOWN_CALL_WARNING } from '../../../service/frame/evm-call-summary.js'
import { RPC_USER_REJECTED } from '../../../src/frame/rpc-methods.js'
import { rejection } from '../rejection.js'
import { BASE_FEE, ESTIMATED_GAS, GAS_PRICE, PRIORITY_FEE } from './fake-chain.js'
import { HARDHAT_ADDRESS } from './known-keys.js'
import { rpcSetup } from './rpc-support.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ONE_AND_A_HALF = `0x${parseEther('1.5').toString(16)}`

describe('eth_sendTransaction from the frame', () => {
  it('shows the transaction, then fills, signs (EIP-1559) and sends it, answering the hash', async () => {
    const setup = rpcSetup()
    const hash = await setup.call('eth_sendTransaction', [
      { from: HARDHAT_ADDRESS, to: BOB, value: ONE_AND_A_HALF, data: '0x1234' }
    ])
    // 0x1234 calls nothing this wallet knows: the approval warns (service/frame/evm-call-summary.ts).
    expect(setup.asked).to.deep.equal([
      {
        kind: 'transactions',
        chainId: 31337,
        transactions: [
          {
            to: BOB,
            value: parseEther('1.5'),
            data: '0x1234',
            call: { action: 'Contract call', details: [], warning: UNKNOWN_CALL_WARNING, decoded: false }
          }
        ]
      }
    ])
    const [sent] = setup.chain.sent
    expect(setup.chain.sent).to.have.length(1)
    expect(hash).to.equal(sent!.hash)
    expect(sent!.from).to.equal(HARDHAT_ADDRESS)
    expect(sent!.parsed).to.deep.include({
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: BOB.toLowerCase(),
      value: parseEther('1.5'),
      data: '0x1234',
      gas: ESTIMATED_GAS,
      maxPriorityFeePerGas: PRIORITY_FEE,
      maxFeePerGas: BASE_FEE * 2n + PRIORITY_FEE
    })
    await setup.call('eth_sendTransaction', [{ to: BOB, value: '0x1' }])
    expect(setup.chain.sent[1]!.parsed.nonce).to.equal(1)
  })

  it('pays a legacy gas price on a chain without a base fee', async () => {
    const setup = rpcSetup()
    setup.chain.eip1559 = false
    await setup.call('eth_sendTransaction', [{ to: BOB, value: '0x1' }])
    expect(setup.chain.sent[0]!.parsed).to.deep.include({ type: 'legacy', gasPrice: GAS_PRICE, chainId: 31337 })
    expect(setup.chain.sent[0]!.from).to.equal(HARDHAT_ADDRESS)
  })

  it('keeps the gas and nonce the request gives', async () => {
    const setup = rpcSetup()
    await setup.call('eth_sendTransaction', [{ to: BOB, gas: '0x5208', nonce: '0x7' }])
    expect(setup.chain.sent[0]!.parsed).to.deep.include({ gas: 21000n, nonce: 7 })
    expect(setup.chain.asked).not.to.include('eth_estimateGas')
    expect(setup.chain.asked).not.to.include('eth_getTransactionCount')
  })

  it('sends nothing when the visitor rejects', async () => {
    const setup = rpcSetup({ approve: () => Promise.reject(new Error(RPC_USER_REJECTED)) })
    const failed = await rejection(setup.call('eth_sendTransaction', [{ to: BOB, value: '0x1' }]))
    expect(failed?.message).to.equal(RPC_USER_REJECTED)
    expect(setup.chain.sent).to.deep.equal([])
  })

  it('refuses, without asking, a transaction from another address or for another chain', async () => {
    const setup = rpcSetup()
    const otherFrom = await rejection(setup.call('eth_sendTransaction', [{ from: BOB, to: BOB }]))
    expect(otherFrom?.message).to.contain('not this wallet’s address')
    const otherChain = await rejection(setup.call('eth_sendTransaction', [{ to: BOB, chainId: '0x1' }]))
    expect(otherChain?.message).to.equal('The transaction is for chain 0x1, the wallet is on chain 31337')
    const malformed = await rejection(setup.call('eth_sendTransaction', [{ to: 'bob' }]))
    expect(malformed?.message).to.contain('eth_sendTransaction got bad params')
    expect(setup.asked).to.deep.equal([])
  })
})

describe('wallet_sendCalls from the frame', () => {
  const calls = [
    { to: BOB, value: '0x1' },
    { to: HARDHAT_ADDRESS, data: '0xabcdef' }
  ]

  it('asks once for the whole batch, sends the calls one by one, and answers an id', async () => {
    const setup = rpcSetup()
    const answer = (await setup.call('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls }])) as {
      id: string
    }
    expect(setup.asked).to.have.length(1)
    expect(setup.asked[0]).to.deep.include({ kind: 'transactions', chainId: 31337 })
    expect((setup.asked[0] as { transactions: readonly unknown[] }).transactions).to.have.length(2)
    expect(setup.chain.sent.map(sent => sent.parsed.nonce)).to.deep.equal([0, 1])
    expect(setup.chain.sent.map(sent => sent.parsed.to)).to.deep.equal([
      BOB.toLowerCase(),
      HARDHAT_ADDRESS.toLowerCase()
    ])
    expect(answer.id).to.match(/^0x[0-9a-f]{64}$/)
  })

  it('reports the batch’s status from the receipts: pending, confirmed, partly reverted', async () => {
    const setup = rpcSetup()
    const { id } = (await setup.call('wallet_sendCalls', [{ calls }])) as { id: string }
    const [first, second] = setup.chain.sent.map(sent => sent.hash) as [Hex, Hex]
    setup.chain.pending.add(second)
    const pending = (await setup.call('wallet_getCallsStatus', [id])) as { status: number; receipts: unknown[] }
    expect(pending).to.deep.include({ version: '2.0.0', id, chainId: '0x7a69', status: 100, atomic: false })
    expect(pending.receipts).to.have.length(1)
    setup.chain.pending.clear()
    const done = (await setup.call('wallet_getCallsStatus', [id])) as { status: number; receipts: unknown[] }
    expect(done.status).to.equal(200)
    expect(done.receipts).to.have.length(2)
    setup.chain.reverted.add(first)
    expect(((await setup.call('wallet_getCallsStatus', [id])) as { status: number }).status).to.equal(600)
    setup.chain.reverted.add(second)
    expect(((await setup.call('wallet_getCallsStatus', [id])) as { status: number }).status).to.equal(500)
  })

  it('says batches are not atomic, and forwards the status of a batch it did not run', async () => {
    const setup = rpcSetup()
    expect(await setup.call('wallet_getCapabilities', [HARDHAT_ADDRESS, ['0x7a69']])).to.deep.equal({
      '0x7a69': { atomic: { status: 'unsupported' } }
    })
    const unknown = await rejection(setup.call('wallet_getCallsStatus', ['0x1234']))
    expect(unknown?.message).to.contain('wallet_getCallsStatus')
    expect(setup.forwarded.map(entry => entry.request.method)).to.deep.equal(['wallet_getCallsStatus'])
  })

  it('refuses a batch with no calls or a call without a recipient, asking no one', async () => {
    const setup = rpcSetup()
    expect((await rejection(setup.call('wallet_sendCalls', [{ calls: [] }])))?.message).to.equal(
      'wallet_sendCalls got no calls'
    )
    expect((await rejection(setup.call('wallet_sendCalls', [{ calls: [{ data: '0x' }] }])))?.message).to.contain(
      'wallet_sendCalls got bad params'
    )
    expect(setup.asked).to.deep.equal([])
  })
})
