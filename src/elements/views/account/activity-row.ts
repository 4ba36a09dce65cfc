import { css, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { isSafeUrl } from '../../../utils/safe-url.js'
import type { Transaction, TransactionTransfer } from '../../../api/schemas/history.js'
import type { CaipNetwork } from '../../../networks/types.js'
import { formatAmount, truncateAddress } from '../../../utils/format.js'
import { formatRelativeTime } from '../../../utils/intl-format.js'
import { counterpartyOf } from '../../../utils/transactions.js'
import { SKELETON_LINE } from '../../shared/skeleton-styles.js'
import '../../ui/wui-wallet-image.js'

type Operation = Transaction['metadata']['operationType']
type Status = Transaction['metadata']['status']

const OPERATION_LABELS: Record<Operation, () => string> = {
  approve: () => msg('Approved', { id: 'activity.approve' }),
  burn: () => msg('Burned', { id: 'activity.burn' }),
  cancel: () => msg('Cancelled', { id: 'activity.cancel' }),
  deploy: () => msg('Deployed', { id: 'activity.deploy' }),
  deposit: () => msg('Deposited', { id: 'activity.deposit' }),
  execute: () => msg('Executed', { id: 'activity.execute' }),
  mint: () => msg('Minted', { id: 'activity.mint' }),
  receive: () => msg('Received', { id: 'activity.receive' }),
  send: () => msg('Sent', { id: 'activity.send' }),
  trade: () => msg('Swapped', { id: 'activity.trade' }),
  withdraw: () => msg('Withdrew', { id: 'activity.withdraw' })
}

const STATUS_LABELS: Record<Status, () => string> = {
  confirmed: () => msg('Confirmed', { id: 'activity.confirmed' }),
  failed: () => msg('Failed', { id: 'activity.failed' }),
  pending: () => msg('Pending', { id: 'activity.pending' })
}

/** The rows' look: image, what happened and with whom, the amounts, status and time. */
export const activityRowStyles = css`
  .row {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: var(--w3m-spacing-s);
    padding: var(--w3m-spacing-2xs);
    border-radius: var(--w3m-radius-s);
    color: inherit;
    text-decoration: none;
  }
  a.row:hover {
    background: var(--w3m-color-surface-hover);
  }
  .image,
  .image img {
    width: var(--w3m-icon-size-xl);
    height: var(--w3m-icon-size-xl);
    border-radius: var(--w3m-radius-s);
  }
  wui-wallet-image {
    --wui-wallet-image-size: var(--w3m-icon-size-xl);
  }
  .main,
  .side {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .side {
    align-items: flex-end;
  }
  .sub,
  .meta {
    color: var(--w3m-color-fg-muted);
    font-size: var(--w3m-text-small);
  }
  .side .skeleton.line {
    --w3m-skeleton-width: 72px;
  }
  .side .skeleton.line.short {
    --w3m-skeleton-width: 56px;
  }
  .meta[data-status='failed'] {
    color: var(--w3m-color-error);
  }
`

/** The transaction's page on the network's block explorer, when it has one (https only). */
export function explorerUrl(transaction: Transaction, network: CaipNetwork | undefined): string | undefined {
  const base = network?.blockExplorers?.default.url
  const hash = transaction.metadata.hash ?? transaction.id
  if (!base || !isSafeUrl(base) || !/^0x[0-9a-fA-F]{64}$|^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(hash)) return undefined
  return `${base.replace(/\/$/, '')}/tx/${hash}`
}

/** '+1.5 tUSDC' in, '-1.5 tUSDC' out: 3 decimals, the symbol; an NFT by its name. */
function transferText(transfer: TransactionTransfer, locale: string): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name}`
  const symbol = transfer.fungible_info?.symbol ?? ''
  return `${sign}${formatAmount(transfer.quantity.numeric, locale)} ${symbol}`.trim()
}

function rowImage(transaction: Transaction) {
  const nft = transaction.transfers.find(transfer => transfer.nft_info?.content?.preview)?.nft_info
  const preview = nft?.content?.preview?.url
  if (nft && preview)
    return html`<img class="image" src=${preview} alt="" loading="lazy" data-testid="activity-nft-preview" />`
  const fungible = transaction.transfers.find(transfer => transfer.fungible_info)?.fungible_info
  return html`<wui-wallet-image
    .src=${fungible?.icon?.url}
    .name=${fungible?.symbol ?? OPERATION_LABELS[transaction.metadata.operationType]()}
  ></wui-wallet-image>`
}

function counterpartyText(transaction: Transaction, account: string, names: Readonly<Record<string, string>>) {
  const other = counterpartyOf(transaction, account)
  if (other.toLowerCase() === account.toLowerCase()) return nothing
  const shown = names[other.toLowerCase()] ?? truncateAddress(other)
  const incoming = transaction.transfers.some(transfer => transfer.direction === 'in')
  const outgoing = transaction.transfers.some(transfer => transfer.direction === 'out')
  return incoming && !outgoing
    ? msg(str`From ${shown}`, { id: 'activity.from' })
    : msg(str`To ${shown}`, { id: 'activity.to' })
}

/**
 * One transaction: what happened (Bought for an onramp purchase, with the purchase's status), with
 * whom (the registry's name, else the truncated address), the amounts with 3 decimals and the
 * symbol, an NFT's preview, the status and how long ago; a link to the block explorer when the
 * network has one.
 */
export function renderActivityRow(
  transaction: Transaction,
  context: {
    readonly account: string
    readonly names: Readonly<Record<string, string>>
    readonly network: CaipNetwork | undefined
    readonly locale: string
    readonly now: Date
    /** The onramp purchase this transaction is, when it is one. */
    readonly purchase?: Transaction | undefined
  }
) {
  const { metadata } = transaction
  const status = context.purchase?.metadata.status ?? metadata.status
  const operation = context.purchase
    ? msg('Bought', { id: 'activity.bought' })
    : OPERATION_LABELS[metadata.operationType]()
  const link = explorerUrl(transaction, context.network)
  const body = html`${rowImage(transaction)}
    <span class="main">
      <span class="title" data-testid="activity-operation">${operation}</span>
      <bdi class="sub" data-testid="activity-counterparty"
        >${counterpartyText(transaction, context.account, context.names)}</bdi
      >
    </span>
    <span class="side">
      ${transaction.transfers
        .slice(0, 2)
        .map(
          transfer => html`<bdi dir="ltr" data-testid="activity-amount">${transferText(transfer, context.locale)}</bdi>`
        )}
      <span class="meta" data-status=${status} data-testid="activity-meta"
        >${STATUS_LABELS[status]()} ·
        <time datetime=${metadata.minedAt}
          >${formatRelativeTime(new Date(metadata.minedAt), context.locale, context.now)}</time
        ></span
      >
    </span>`
  return html`<li part="row" data-testid="activity-row" data-id=${transaction.id}>
    ${
      link
        ? html`<a class="row" href=${link} target="_blank" rel="noopener noreferrer">${body}</a>`
        : html`<div class="row">${body}</div>`
    }
  </li>`
}

/** A row shaped like a transaction's (image, what and with whom, amount and status), as tall as one. */
export function renderActivitySkeletonRow() {
  return html`<li>
    <div class="row">
      <span class="skeleton image"></span>
      <span class="main">
        <span class="skeleton line">${SKELETON_LINE}</span>
        <span class="skeleton line short sub">${SKELETON_LINE}</span>
      </span>
      <span class="side">
        <span class="skeleton line">${SKELETON_LINE}</span>
        <span class="skeleton line short meta">${SKELETON_LINE}</span>
      </span>
    </div>
  </li>`
}
