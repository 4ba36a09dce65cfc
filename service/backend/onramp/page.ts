// The sandbox onramp page (GET /onramp/sandbox?order=...): a plain HTML page that works without
// JavaScript (the pay button is a form POST) and is enhanced by /onramp/sandbox.js (live estimate,
// pay without a reload, status). Styles and script are separate files, so the page runs under a
// strict Content-Security-Policy with no inline script or style.
import type { OnrampOrder } from '../../../src/api/schemas/index.js'
import { PAYMENT_METHOD_LIMITS, PROVIDER_FEE_BPS, USD_PER_FIAT } from './pricing.js'

export const SANDBOX_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
].join('; ')

export const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, char => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!)

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/onramp/sandbox.css">
<script src="/onramp/sandbox.js" defer></script>
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`
}

const STATUS_TEXT: Record<OnrampOrder['status'], string> = {
  created: 'Waiting for payment',
  processing: 'Payment received, sending tokens…',
  completed: 'Completed',
  failed: 'Failed'
}

export function statusText(order: OnrampOrder): string {
  if (order.status === 'completed') {
    return `Completed: ${order.cryptoAmount} ${order.asset} sent to ${order.destination} in transaction ${order.txHash}.`
  }
  if (order.status === 'failed') return `Failed: ${order.error ?? 'the transfer did not go through'}`
  return STATUS_TEXT[order.status]
}

export function orderPage(order: OnrampOrder, networkDisplayName: string, decimals: number): string {
  const card = PAYMENT_METHOD_LIMITS.find(limit => limit.id === 'card')!
  const rate = USD_PER_FIAT[order.fiatCurrency] ?? { num: 1n, den: 1n }
  const payable = order.status === 'created' || (order.status === 'failed' && order.txHash === null)
  const e = escapeHtml
  return layout(
    `Sandbox onramp: buy ${order.asset}`,
    `<header>
<p class="badge">Sandbox: test tokens only, no real money moves</p>
<h1>Buy ${e(order.asset)}</h1>
<p class="muted">AppKit local onramp (${e(order.provider)} sandbox)</p>
</header>
<dl class="summary">
<dt>Wallet</dt><dd class="mono" id="destination">${e(order.destination)}</dd>
<dt>Network</dt><dd>${e(networkDisplayName)}</dd>
<dt>You receive</dt><dd><output id="receive" for="fiat-amount">${e(order.cryptoAmount)}</output> ${e(order.asset)}</dd>
<dt>Provider fee</dt><dd><output id="fee" for="fiat-amount">${e(order.feeAmount)}</output> ${e(order.fiatCurrency)}</dd>
</dl>
<form id="pay-form" method="post" action="/onramp/sandbox/orders/${encodeURIComponent(order.id)}/pay"
  data-order="${e(order.id)}" data-fee-bps="${PROVIDER_FEE_BPS[order.provider]}" data-rate-num="${rate.num}"
  data-rate-den="${rate.den}" data-decimals="${decimals}" data-status="${order.status}"${payable ? '' : ' hidden'}>
<label for="fiat-amount">You pay (${e(order.fiatCurrency)}, card ${e(card.min)} to ${e(card.max)})</label>
<input id="fiat-amount" name="fiatAmount" inputmode="decimal" required pattern="\\d+(\\.\\d{1,2})?"
  value="${e(order.fiatAmount)}" aria-describedby="card-note">
<p id="card-note" class="muted">Test card 4242 4242 4242 4242 is charged nothing.</p>
<button id="pay-button" type="submit">Pay <span id="pay-total">${e(order.fiatAmount)}</span> ${e(order.fiatCurrency)}</button>
</form>
<p id="status" class="status status-${order.status}" role="status" aria-live="polite">${e(statusText(order))}</p>
<p class="muted">You can close this window when the purchase is completed.</p>`
  )
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p class="status status-failed" role="alert">${escapeHtml(message)}</p>`
  )
}
