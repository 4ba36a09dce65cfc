import type { Transaction } from '../api/schemas/history.js'

/** Whether every transfer of the transaction is an NFT flagged as spam (docs/behaviour.md section 5). */
export function isSpamTransaction(transaction: Transaction): boolean {
  // A transaction that moved nothing (an approval) is not spam: it has no transfer to flag.
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every(transfer => transfer.nft_info?.flags.is_spam === true)
  )
}

/**
 * The transactions to show for the active network (docs/behaviour.md section 5): those on `chainId`, without
 * those whose every transfer is a spam NFT.
 */
export function visibleTransactions(transactions: readonly Transaction[], chainId: string | undefined): Transaction[] {
  return transactions.filter(transaction => transaction.metadata.chain === chainId && !isSpamTransaction(transaction))
}

/** The other side of a transaction for `account`: who sent it when it came in, else where it went. */
export function counterpartyOf(transaction: Transaction, account: string): string {
  const { sentFrom, sentTo } = transaction.metadata
  const incoming = transaction.transfers.some(transfer => transfer.direction === 'in')
  const outgoing = transaction.transfers.some(transfer => transfer.direction === 'out')
  if (incoming && !outgoing) return sentFrom
  return sentTo.toLowerCase() === account.toLowerCase() ? sentFrom : sentTo
}

export interface TransactionMonth {
  /** 0-11, in the visitor's time zone. */
  readonly month: number
  readonly transactions: readonly Transaction[]
}

export interface TransactionYear {
  readonly year: number
  readonly months: readonly TransactionMonth[]
}

/**
 * The transactions grouped by the year, then the month they were mined in (the visitor's time
 * zone), newest first, each group keeping the list's order (docs/behaviour.md section 3: transactionsByYear).
 */
export function groupByYearAndMonth(transactions: readonly Transaction[]): TransactionYear[] {
  const years = new Map<number, Map<number, Transaction[]>>()
  for (const transaction of transactions) {
    const mined = new Date(transaction.metadata.minedAt)
    const year = mined.getFullYear()
    const month = mined.getMonth()
    let months = years.get(year)
    if (!months) years.set(year, (months = new Map()))
    let list = months.get(month)
    if (!list) months.set(month, (list = []))
    list.push(transaction)
  }
  return [...years]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months: [...months].sort(([a], [b]) => b - a).map(([month, list]) => ({ month, transactions: list }))
    }))
}
