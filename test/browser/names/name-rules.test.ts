import { expect } from '@open-wc/testing'
import { evmCoinType, fullName, keptLabel, labelOf, labelRuleError } from '../../../src/stores/names/rules.js'

describe('the name rules (docs/behaviour.md section 5)', () => {
  it('keeps letters, digits and hyphens of what is typed, and says whether it refused anything', () => {
    expect(keptLabel('my-name-2')).to.deep.equal({ label: 'my-name-2', refused: false })
    expect(keptLabel('al!ce')).to.deep.equal({ label: 'alce', refused: true })
    expect(keptLabel('alice.appkit.id')).to.deep.equal({ label: 'aliceappkitid', refused: true })
    expect(keptLabel('ä b_c')).to.deep.equal({ label: 'bc', refused: true })
  })

  it('a label needs at least 4 characters, letters, digits and hyphens only', () => {
    expect(labelRuleError('abcd')).to.equal(undefined)
    expect(labelRuleError('a-1-')).to.equal(undefined)
    expect(labelRuleError('abc')).to.equal('A name needs at least 4 characters')
    expect(labelRuleError('')).to.equal('A name needs at least 4 characters')
    expect(labelRuleError('ab.cd')).to.equal('Use only letters, digits and hyphens')
  })

  it('names take the .appkit.id suffix, in lower case', () => {
    expect(fullName('Alice')).to.equal('alice.appkit.id')
    expect(labelOf('alice1.appkit.id')).to.equal('alice1')
    expect(labelOf('alice')).to.equal('alice')
  })

  it('coin types: 60 for Ethereum, ENSIP-11 (0x80000000 | chainId) for the other EVM chains', () => {
    expect(evmCoinType(1)).to.equal(60)
    expect(evmCoinType(56)).to.equal(2147483704)
    expect(evmCoinType(31337)).to.equal(0x80007a69)
  })
})
