import { expect } from '@open-wc/testing'
import { truncateAddress, truncateDecimals } from '../../../src/utils/format.js'

describe('formatting', () => {
  it('truncates an address to its head and tail', () => {
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef12345678')).to.equal('0x1234…5678')
    expect(truncateAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).to.equal('7xKX…gAsU')
    expect(truncateAddress('0x12345678')).to.equal('0x12345678')
  })

  it('cuts decimals to 3 places without rounding up', () => {
    expect(truncateDecimals('1.23456')).to.equal('1.234')
    expect(truncateDecimals('0.9999')).to.equal('0.999')
    expect(truncateDecimals('2.000')).to.equal('2')
    expect(truncateDecimals('2.10')).to.equal('2.1')
    expect(truncateDecimals('15')).to.equal('15')
    expect(truncateDecimals('-1.23456')).to.equal('-1.234')
    expect(truncateDecimals('1.23456', 1)).to.equal('1.2')
  })

  it('leaves a value that is not a decimal as it is', () => {
    expect(truncateDecimals('n/a')).to.equal('n/a')
  })
})
