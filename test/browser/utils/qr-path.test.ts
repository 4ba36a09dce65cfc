import { expect } from '@open-wc/testing'
import { centerArea, qrPath } from '../../../src/utils/qr-path.js'

/** 1 1 0 / 0 1 1 / 1 0 1: a run of two in each of the first rows, two single modules in the last. */
const MATRIX = [
  [true, true, false],
  [false, true, true],
  [true, false, true]
]

describe('qrPath', () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(qrPath(MATRIX)).to.equal('M0 0h2v1h-2zM1 1h2v1h-2zM0 2h1v1h-1zM2 2h1v1h-1z')
  })

  it('shifts every rectangle by the offset (the quiet zone)', () => {
    expect(qrPath(MATRIX, { offset: 4 })).to.equal('M4 4h2v1h-2zM5 5h2v1h-2zM4 6h1v1h-1zM6 6h1v1h-1z')
  })

  it('leaves the cleared square light and splits the runs it crosses', () => {
    const full = [
      [true, true, true],
      [true, true, true],
      [true, true, true]
    ]
    expect(qrPath(full, { clear: { start: 1, end: 2 } })).to.equal('M0 0h3v1h-3zM0 1h1v1h-1zM2 1h1v1h-1zM0 2h3v1h-3z')
  })

  it('draws nothing for an empty or all-light matrix', () => {
    expect(qrPath([])).to.equal('')
    expect(qrPath([[false, false]])).to.equal('')
  })
})

describe('centerArea', () => {
  it('is centered, about the given share of the side, with the side parity', () => {
    expect(centerArea(21, 0.22)).to.deep.equal({ start: 8, end: 13 })
    // round(25 * 0.22) = 6 cannot be centered in 25: it grows to 7.
    expect(centerArea(25, 0.22)).to.deep.equal({ start: 9, end: 16 })
    expect(centerArea(4, 0.5)).to.deep.equal({ start: 1, end: 3 })
  })

  it('stays within the code', () => {
    expect(centerArea(5, 2)).to.deep.equal({ start: 0, end: 5 })
    expect(centerArea(5, 0)).to.deep.equal({ start: 2, end: 3 })
  })
})
