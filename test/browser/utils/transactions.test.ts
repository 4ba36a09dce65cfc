import { expect } from '@open-wc/testing'
import {
  counterpartyOf,
  groupByYearAndMonth,
  isSpamTransaction,
  visibleTransactions
} from '../../../src/utils/transactions.js'
import { explorerUrl } from '../../../src/elements/views/account/activity-row.js'
import { mainnet, localChainA } from '../../../src/networks/definitions.js'
import { ethOut, HISTORY_ADDRESSES, nftIn, transaction, usdcIn } from '../../fixtures/transactions.js'

const { ACCOUNT, ALICE, BOB } = HISTORY_ADDRESSES

describe('the transaction rules (docs/behaviour.md section 5)', () => {
  it('a transaction is spam only when every transfer is a spam NFT; one that moved nothing is not', () => {
    const at = '2026-11-20T12:00:00.000Z'
    expect(isSpamTransaction(transaction({ n: 1, minedAt: at, transfers: [nftIn('RCV #1', true)] }))).to.equal(true)
    expect(
      isSpamTransaction(transaction({ n: 2, minedAt: at, transfers: [nftIn('RCV #1', true), usdcIn('1')] }))
    ).to.equal(false)
    expect(isSpamTransaction(transaction({ n: 3, minedAt: at, transfers: [nftIn('AKTC #1', false)] }))).to.equal(false)
    expect(isSpamTransaction(transaction({ n: 4, minedAt: at, operationType: 'approve', transfers: [] }))).to.equal(
      false
    )
  })

  it("shows only the active network's", () => {
    const at = '2026-11-20T12:00:00.000Z'
    const list = [
      transaction({ n: 1, minedAt: at, transfers: [usdcIn('1')] }),
      transaction({ n: 2, minedAt: at, chain: 'eip155:56', transfers: [usdcIn('1')] })
    ]
    expect(visibleTransactions(list, 'eip155:56').map(entry => entry.id.slice(-1))).to.deep.equal(['2'])
    expect(visibleTransactions(list, undefined)).to.deep.equal([])
  })

  it('the counterparty: the sender of what came in, the receiver of what went out', () => {
    const at = '2026-11-20T12:00:00.000Z'
    expect(counterpartyOf(transaction({ n: 1, minedAt: at, transfers: [usdcIn('1')] }), ACCOUNT)).to.equal(ALICE)
    expect(
      counterpartyOf(transaction({ n: 2, minedAt: at, from: ACCOUNT, to: BOB, transfers: [ethOut('1')] }), ACCOUNT)
    ).to.equal(BOB)
  })

  it('groups by year and month in the visitor’s time zone, newest first', () => {
    const groups = groupByYearAndMonth([
      transaction({ n: 1, minedAt: '2026-03-15T12:00:00.000Z', transfers: [] }),
      transaction({ n: 2, minedAt: '2026-03-10T12:00:00.000Z', transfers: [] }),
      transaction({ n: 3, minedAt: '2024-12-15T12:00:00.000Z', transfers: [] })
    ])
    expect(
      groups.map(group => [group.year, group.months.map(month => [month.month, month.transactions.length])])
    ).to.deep.equal([
      [2026, [[2, 2]]],
      [2024, [[11, 1]]]
    ])
  })

  it('links a transaction to the block explorer only when the network has an https one', () => {
    const entry = transaction({ n: 7, minedAt: '2026-11-20T12:00:00.000Z', transfers: [] })
    expect(explorerUrl(entry, mainnet)).to.equal(`https://etherscan.io/tx/${entry.id}`)
    expect(explorerUrl(entry, localChainA)).to.equal(undefined)
    const unsafe = { ...mainnet, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)//' } } }
    expect(explorerUrl(entry, unsafe)).to.equal(undefined)
  })
})
