import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseRetryAfter, queryBackoffMs, rpcBackoffMs } from '../../src/api/backoff.js'

describe('queryBackoffMs', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    const waits = Array.from({ length: 10 }, (_, i) => queryBackoffMs(i + 1))
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000])
  })

  it('stays capped for huge retry numbers and is 0 before the first retry', () => {
    assert.equal(queryBackoffMs(5000), 30_000)
    assert.equal(queryBackoffMs(0), 0)
  })
})

describe('rpcBackoffMs', () => {
  it('is 150 ms, then 300 ms, 600 ms, 1200 ms', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map(retry => rpcBackoffMs(retry)),
      [150, 300, 600, 1200]
    )
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T00:00:00Z')

  it('reads delay-seconds, whole or decimal', () => {
    assert.equal(parseRetryAfter('120', now), 120_000)
    assert.equal(parseRetryAfter(' 1.5 ', now), 1500)
    assert.equal(parseRetryAfter('0', now), 0)
  })

  it('reads an HTTP date relative to now; a past date is 0', () => {
    assert.equal(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now), 10_000)
    assert.equal(parseRetryAfter('Mon, 01 Jan 2029 00:00:00 GMT', now), 0)
  })

  it('ignores what it cannot read', () => {
    for (const value of [null, undefined, '', '-5', 'soon', '1e3', '12abc-']) {
      assert.equal(parseRetryAfter(value, now), undefined, String(value))
    }
  })
})
