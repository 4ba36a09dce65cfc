import { expect } from '@open-wc/testing'
import { loadOnce } from '../../../src/utils/load-once.js'

describe('loadOnce', () => {
  it('shares one load between calls', async () => {
    let calls = 0
    const load = loadOnce(async () => ++calls)
    const [first, second] = await Promise.all([load(), load()])
    expect([first, second, await load()]).to.deep.equal([1, 1, 1])
    expect(calls).to.equal(1)
  })

  it('tries again after a failed load, and keeps the load that succeeded', async () => {
    let calls = 0
    const load = loadOnce(async () => {
      calls += 1
      if (calls === 1) throw new Error('offline')
      return 'module'
    })
    let failure: unknown
    await load().catch((error: unknown) => (failure = error))
    expect((failure as Error).message).to.equal('offline')
    expect(await load()).to.equal('module')
    expect(await load()).to.equal('module')
    expect(calls).to.equal(2)
  })
})
