import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { AppKitOptionsError, parseOptions } from '../../../src/config/options.js'
import { nearestKey } from '../../../src/config/unknown-options.js'
import { until } from '../connect/support.js'
import { mainnet } from '../../../src/networks/definitions.js'

const base = { projectId: 'p', networks: [mainnet] }

describe('unknown options (issue 13)', () => {
  let warn: sinon.SinonStub

  beforeEach(() => {
    warn = sinon.stub(console, 'warn')
  })
  afterEach(() => warn.restore())

  const warnings = () => warn.getCalls().map(call => String(call.args[0]))
  /** The warnings' code loads only when an option is unknown: they come a moment later. */
  const warned = async (count: number) => {
    await until(() => warn.callCount >= count, `${count} warnings`)
    return warnings()
  }

  it('a misspelt option logs one warning naming it and the nearest known key; the rest still works', async () => {
    const options = parseOptions({ ...base, feautres: { swaps: false }, themeMode: 'dark' })
    expect(await warned(1)).to.deep.equal([
      '[appkit] createAppKit: option "feautres" is unknown and ignored (did you mean "features"?)'
    ])
    expect(options.themeMode).to.equal('dark')
    expect(options.features.swaps).to.equal(true)
  })

  it('inside features too', async () => {
    parseOptions({ ...base, features: { swap: false } })
    expect(await warned(1)).to.deep.equal([
      '[appkit] createAppKit: option "features.swap" is unknown and ignored (did you mean "features.swaps"?)'
    ])
  })

  it('a key near nothing is named without a guess; known keys say nothing', async () => {
    parseOptions({ ...base, colourScheme: 'dark' })
    expect(await warned(1)).to.deep.equal(['[appkit] createAppKit: option "colourScheme" is unknown and ignored'])
    warn.resetHistory()
    parseOptions({ ...base, themeMode: 'light', features: { email: false }, debug: false })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(warnings()).to.deep.equal([])
  })

  it('with debug: true it is an AppKitOptionsError naming the option, and no warning', async () => {
    let error: unknown
    try {
      parseOptions({ ...base, debug: true, feautres: {} })
    } catch (caught) {
      error = caught
    }
    expect(error).to.be.instanceOf(AppKitOptionsError)
    expect((error as AppKitOptionsError).option).to.equal('feautres')
    expect((error as Error).message).to.equal('createAppKit: option "feautres" is invalid: expected a known option')
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(warnings()).to.deep.equal([])
  })

  it('the nearest key: case and small typos, not far-off words', () => {
    const known = ['features', 'themeMode', 'projectId', 'networks']
    expect(nearestKey('Features', known)).to.equal('features')
    expect(nearestKey('projectID', known)).to.equal('projectId')
    expect(nearestKey('netwroks', known)).to.equal('networks')
    expect(nearestKey('wallet', known)).to.equal(undefined)
  })
})
