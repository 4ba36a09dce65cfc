import { expect } from '@open-wc/testing'
import {
  checkCalls,
  sendAtomicBatch,
  supportsAtomicBatch,
  type EvmRequest
} from '../../../src/adapters/evm/send-calls.js'
import { FakeClock } from '../../api/fake-clock.js'
import { rejection } from '../rejection.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A wallet's EIP-5792 answers, scripted; what it was asked is recorded. */
function wallet(answers: Record<string, (params: readonly unknown[]) => unknown>) {
  const asked: { method: string; params: readonly unknown[] }[] = []
  const request: EvmRequest = async (method, params) => {
    asked.push({ method, params })
    const answer = answers[method]
    if (!answer) throw Object.assign(new Error('Method not supported'), { code: 4200 })
    return answer(params)
  }
  return { request, asked }
}

describe('EIP-5792 batches (docs/behaviour.md section 5)', () => {
  it('the entries’ rules: to is required, data starts with 0x', () => {
    expect(() => checkCalls([{ to: '' }])).to.throw("A call's 'to' is required")
    expect(() => checkCalls([{ to: ADDRESS, data: 'a9059cbb' }])).to.throw("A call's data must start with 0x")
    expect(() => checkCalls([{ to: ADDRESS, data: '0xa9059cbb' }, { to: ADDRESS }])).not.to.throw()
  })

  it('atomic only when the wallet says supported or ready on the chain; no EIP-5792 is no batch', async () => {
    const supported = wallet({ wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }) })
    expect(await supportsAtomicBatch(supported.request, ADDRESS, 31337)).to.equal(true)
    expect(supported.asked[0]).to.deep.equal({ method: 'wallet_getCapabilities', params: [ADDRESS, ['0x7a69']] })
    const ready = wallet({ wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'ready' } } }) })
    expect(await supportsAtomicBatch(ready.request, ADDRESS, 31337)).to.equal(true)
    const unsupported = wallet({ wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'unsupported' } } }) })
    expect(await supportsAtomicBatch(unsupported.request, ADDRESS, 31337)).to.equal(false)
    const otherChain = wallet({ wallet_getCapabilities: () => ({ '0x1': { atomic: { status: 'supported' } } }) })
    expect(await supportsAtomicBatch(otherChain.request, ADDRESS, 31337)).to.equal(false)
    const garbage = wallet({ wallet_getCapabilities: () => 'yes' })
    expect(await supportsAtomicBatch(garbage.request, ADDRESS, 31337)).to.equal(false)
    expect(await supportsAtomicBatch(wallet({}).request, ADDRESS, 31337)).to.equal(false)
  })

  it('sends one wallet_sendCalls (2.0.0, atomicRequired) and polls wallet_getCallsStatus until it is final', async () => {
    const statuses = [100, 100, 200]
    const batch = wallet({
      wallet_sendCalls: () => ({ id: 'batch-1' }),
      wallet_getCallsStatus: () => ({ status: statuses.shift() })
    })
    const clock = new FakeClock()
    const ok = await sendAtomicBatch(batch.request, {
      from: ADDRESS,
      chainId: 31337,
      clock,
      calls: [
        { to: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f', data: '0x095ea7b3', value: 0n },
        { to: '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f', data: '0x38ed1739', value: 5n }
      ]
    })
    expect(ok).to.equal(true)
    expect(batch.asked[0]).to.deep.equal({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: ADDRESS,
          atomicRequired: true,
          calls: [
            { to: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f', data: '0x095ea7b3' },
            { to: '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f', data: '0x38ed1739', value: '0x5' }
          ]
        }
      ]
    })
    expect(batch.asked.slice(1).map(entry => entry.method)).to.deep.equal([
      'wallet_getCallsStatus',
      'wallet_getCallsStatus',
      'wallet_getCallsStatus'
    ])
    expect(batch.asked[1]!.params).to.deep.equal(['batch-1'])
    // A local chain (31337) mines at once: asked again after 1 s, not the spec's 4 s.
    expect(clock.sleeps).to.deep.equal([1000, 1000])
  })

  it('polls wallet_getCallsStatus every 4000 ms on a chain that is not local (docs/behaviour.md section 9: client polling 4000 ms)', async () => {
    for (const chainId of [1, 8453, 10]) {
      const statuses = [100, 100, 100, 200]
      const batch = wallet({
        wallet_sendCalls: () => ({ id: 'batch-remote' }),
        wallet_getCallsStatus: () => ({ status: statuses.shift() })
      })
      const clock = new FakeClock()
      expect(
        await sendAtomicBatch(batch.request, { from: ADDRESS, chainId, clock, calls: [{ to: ADDRESS }] })
      ).to.equal(true)
      expect(clock.sleeps, `chain ${chainId}`).to.deep.equal([4000, 4000, 4000])
    }
  })

  it('gives up on a batch still pending after 120 s of polling, in 4 s steps', async () => {
    const pending = wallet({
      wallet_sendCalls: () => ({ id: 'batch-stuck' }),
      wallet_getCallsStatus: () => ({ status: 100 })
    })
    const clock = new FakeClock()
    const error = await rejection(
      sendAtomicBatch(pending.request, { from: ADDRESS, chainId: 1, clock, calls: [{ to: ADDRESS }] })
    )
    expect(error?.message).to.equal('The batch batch-stuck did not finish in time')
    expect(new Set(clock.sleeps)).to.deep.equal(new Set([4000]))
    // Asked at 0, 4, ... 120 s (still within), then once more at 124 s, past the deadline.
    expect(clock.sleeps.length).to.equal(31)
  })

  it('a batch that fails (400, 500) resolves false; entries breaking the rules are never sent', async () => {
    const failed = wallet({ wallet_sendCalls: () => 'batch-2', wallet_getCallsStatus: () => ({ status: 500 }) })
    expect(await sendAtomicBatch(failed.request, { from: ADDRESS, chainId: 1, calls: [{ to: ADDRESS }] })).to.equal(
      false
    )
    const never = wallet({ wallet_sendCalls: () => 'batch-3' })
    const error = await rejection(sendAtomicBatch(never.request, { from: ADDRESS, chainId: 1, calls: [{ to: '' }] }))
    expect(error?.message).to.equal("A call's 'to' is required")
    expect(never.asked).to.deep.equal([])
  })
})
