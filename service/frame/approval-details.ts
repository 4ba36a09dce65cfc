// What an approval shows of its request, built with DOM calls and textContent only (never HTML
// strings): a message as text when it is printable UTF-8, else as hex; typed data's domain, type
// and fields; a transaction's recipient, value in ETH and data, shortened, or, for a contract call,
// what the call does (service/frame/evm-call-summary.ts).
import { bytesToHex, formatEther } from 'viem'
import { printableText, type ApprovalRequest, type TransactionSummary } from './approval-request.js'
import type { SolanaTransactionSummary } from './solana-instructions.js'

/** `tag` with `text` as its text and `className` as its class. */
export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
  className?: string
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

/** Data longer than 20 bytes as its first 4 and last 4 bytes and its length. */
export function shortenData(data: string): string {
  const bytes = (data.length - 2) / 2
  if (data.length <= 2 + 40) return data
  return `${data.slice(0, 10)}…${data.slice(-8)} (${bytes} bytes)`
}

/** A scrollable block of text (a message, typed data) that the keyboard can reach and scroll. */
function textBlock(doc: Document, text: string, label: string): HTMLPreElement {
  const block = element(doc, 'pre', text, 'approval-text')
  block.tabIndex = 0
  block.setAttribute('aria-label', label)
  return block
}

function definitions(doc: Document, rows: ReadonlyArray<readonly [string, string]>): HTMLDListElement {
  const list = element(doc, 'dl', undefined, 'approval-fields')
  for (const [term, value] of rows) {
    const row = element(doc, 'div')
    row.append(element(doc, 'dt', term), element(doc, 'dd', value))
    list.append(row)
  }
  return list
}

/**
 * One EVM transaction: a plain transfer's recipient and value; a contract call's contract, its value
 * when it sends some, and what the call does (its data too when the wallet could not decode it all,
 * and a warning when it does not know the call).
 */
function transactionNodes(doc: Document, transaction: TransactionSummary): Node[] {
  const { call } = transaction
  if (!call) {
    const rows: Array<readonly [string, string]> = [
      ['To', transaction.to ?? 'New contract'],
      ['Value', `${formatEther(transaction.value)} ETH`]
    ]
    if (transaction.data && transaction.data !== '0x') rows.push(['Data', shortenData(transaction.data)])
    return [definitions(doc, rows)]
  }
  const rows: Array<readonly [string, string]> = [['Contract', transaction.to ?? 'New contract']]
  if (transaction.value > 0n) rows.push(['Value', `${formatEther(transaction.value)} ETH`])
  const details: Array<readonly [string, string]> = [...call.details]
  if (!call.decoded && transaction.data) details.push(['Data', shortenData(transaction.data)])
  const nodes: Node[] = [definitions(doc, rows), element(doc, 'p', call.action, 'approval-action')]
  if (details.length > 0) nodes.push(definitions(doc, details))
  if (call.warning) nodes.push(element(doc, 'p', call.warning, 'approval-warning'))
  return nodes
}

function messageDetails(doc: Document, bytes: Uint8Array): Node[] {
  const text = printableText(bytes)
  if (text === '') return [element(doc, 'p', 'An empty message', 'approval-note')]
  if (text !== undefined) return [textBlock(doc, text, 'Message')]
  return [
    element(doc, 'p', 'The message is not text; its bytes:', 'approval-note'),
    textBlock(doc, bytesToHex(bytes), 'Message bytes')
  ]
}

/** One Solana transaction: who pays, what else must sign, and each instruction with its details. */
function solanaTransaction(doc: Document, transaction: SolanaTransactionSummary): Node[] {
  const rows: Array<readonly [string, string]> = [['Fee payer', transaction.feePayer]]
  if (transaction.otherSigners > 0) rows.push(['Other signers', String(transaction.otherSigners)])
  if (transaction.lookupTables > 0) rows.push(['Lookup tables', String(transaction.lookupTables)])
  const list = element(doc, 'ol', undefined, 'approval-calls')
  for (const instruction of transaction.instructions) {
    const item = element(doc, 'li')
    item.append(
      element(doc, 'p', instruction.action, 'approval-action'),
      definitions(doc, [['Program', instruction.program], ...instruction.details])
    )
    list.append(item)
  }
  return [definitions(doc, rows), list]
}

/** The nodes that describe `request`. */
export function approvalDetails(doc: Document, request: ApprovalRequest): Node[] {
  switch (request.kind) {
    case 'message':
      return messageDetails(doc, request.bytes)
    case 'typed-data':
      return [
        definitions(doc, [
          ...(request.domainName ? [['Domain', request.domainName] as const] : []),
          ['Type', request.primaryType]
        ]),
        textBlock(doc, JSON.stringify(request.message, null, 2) ?? '', 'Typed data')
      ]
    case 'transactions': {
      const chain = definitions(doc, [['Chain', String(request.chainId)]])
      const [only, ...others] = request.transactions
      if (only && others.length === 0) return [chain, ...transactionNodes(doc, only)]
      const list = element(doc, 'ol', undefined, 'approval-calls')
      for (const transaction of request.transactions) {
        const item = element(doc, 'li')
        item.append(...transactionNodes(doc, transaction))
        list.append(item)
      }
      return [chain, list]
    }
    case 'permissions':
      return [definitions(doc, request.rows)]
    case 'solana-transactions': {
      const nodes: Node[] = []
      if (request.chainId) nodes.push(definitions(doc, [['Network', request.chainId]]))
      if (!request.send) nodes.push(element(doc, 'p', 'Signed only: this wallet does not send it.', 'approval-note'))
      const [only, ...others] = request.transactions
      if (only && others.length === 0) return [...nodes, ...solanaTransaction(doc, only)]
      const list = element(doc, 'ol', undefined, 'approval-transactions')
      for (const transaction of request.transactions) {
        const item = element(doc, 'li')
        item.append(...solanaTransaction(doc, transaction))
        list.append(item)
      }
      return [...nodes, list]
    }
  }
}
