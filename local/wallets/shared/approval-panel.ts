/**
 * The test wallets' approval panel: a `<appkit-test-wallet-panel>` custom element whose shadow root
 * holds a native `<dialog>`, opened with showModal() while a request waits for a decision, so it sits
 * above the kit's own modal dialog (the most recently opened modal dialog is the active one) the
 * way a wallet's pop-up sits above the page.
 *
 * Strict-CSP safe: the DOM is built with createElement/textContent (no innerHTML, no style
 * attributes) and the styles are a constructed stylesheet adopted by the shadow root.
 *
 * Each wallet owns one panel and one queue (`ApprovalQueue`): requests are shown one at a time, in
 * order; Approve resolves the shown request with true, Reject (or Escape) with false.
 * The buttons carry `data-testid="<prefix>-approve"` / `"<prefix>-reject"`, the method
 * `"<prefix>-method"`, the summary `"<prefix>-summary"`.
 */

export interface ApprovalRequest {
  /** The RPC method or wallet feature, e.g. `eth_sendTransaction`, `solana:signMessage`. */
  readonly method: string
  /** One line for a person, e.g. "Send 1 ETH to 0xab…". */
  readonly title: string
  /** Label/value rows shown under the title. */
  readonly details?: ReadonlyArray<readonly [label: string, value: string]>
}

/** true approves, false rejects; a function decides per request (scripted use). */
export type AutoApprove = boolean | ((request: ApprovalRequest) => boolean)

const TAG = 'appkit-test-wallet-panel'

const STYLES = `
:host { all: initial; }
dialog {
  box-sizing: border-box;
  width: min(360px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  margin: auto 16px 16px auto;
  padding: 16px;
  border: 1px solid #c9ccd6;
  border-radius: 14px;
  background: #ffffff;
  color: #1b1d23;
  font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  box-shadow: 0 12px 40px rgba(20, 24, 40, 0.28);
  overflow: auto;
}
:host([placement='left']) dialog { margin: auto auto 16px 16px; }
dialog::backdrop { background: rgba(10, 12, 20, 0.25); }
header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
.wallet { font-weight: 600; font-size: 13px; color: #4a4f5c; }
.dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: #3b82f6; margin-right: 6px; }
:host([placement='left']) .dot { background: #9945ff; }
.queue { font-size: 12px; color: #6b7080; }
h2 { margin: 0 0 4px; font: 600 13px/1.3 ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.title { margin: 0 0 10px; font-size: 15px; font-weight: 600; word-break: break-word; }
.origin { margin: 0 0 10px; font-size: 12px; color: #6b7080; word-break: break-all; }
dl { margin: 0 0 14px; display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; font-size: 12px; }
dt { color: #6b7080; }
dd { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; white-space: pre-wrap; max-height: 8em; overflow: auto; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 10px; border: 1px solid #c9ccd6; background: #f3f4f7; color: #1b1d23; cursor: pointer; }
button.approve { background: #2563eb; border-color: #2563eb; color: #ffffff; }
button:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  dialog { background: #1d1f26; color: #eef0f5; border-color: #3a3e4a; }
  .wallet, .queue, .origin, dt { color: #a5aab8; }
  button { background: #2a2d36; color: #eef0f5; border-color: #3a3e4a; }
}
`

let sheet: CSSStyleSheet | undefined
function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLES)
  }
  return sheet
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}

interface PanelParts {
  wallet: HTMLElement
  queue: HTMLElement
  method: HTMLElement
  title: HTMLElement
  origin: HTMLElement
  details: HTMLElement
  approve: HTMLButtonElement
  reject: HTMLButtonElement
}

/** The panel element's API (the element is created by ApprovalQueue, not placed by hand). */
export interface TestWalletPanel extends HTMLElement {
  onDecision?: (approved: boolean) => void
  show(walletName: string, request: ApprovalRequest, position: number, total: number): void
  hide(): void
}

/** The element class, made on first use so that importing a wallet where HTMLElement is missing (a server) does not throw. */
function panelClass(): CustomElementConstructor {
  return class TestWalletPanelElement extends HTMLElement implements TestWalletPanel {
    #dialog?: HTMLDialogElement
    #parts?: PanelParts
    onDecision?: (approved: boolean) => void

    #build(): PanelParts {
      if (this.#parts) return this.#parts
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      root.adoptedStyleSheets = [styleSheet()]
      const prefix = this.getAttribute('testid-prefix') ?? 'test-wallet'
      const dialog = el('dialog', {
        'aria-labelledby': 'title',
        'aria-describedby': 'details',
        'data-testid': `${prefix}-panel`
      })
      const header = el('header')
      const wallet = el('span', { class: 'wallet' })
      const queue = el('span', { class: 'queue', 'data-testid': `${prefix}-queue` })
      header.append(wallet, queue)
      const method = el('h2', { 'data-testid': `${prefix}-method` })
      const title = el('p', { class: 'title', id: 'title' })
      const origin = el('p', { class: 'origin' })
      const details = el('dl', { id: 'details', 'data-testid': `${prefix}-summary` })
      const actions = el('div', { class: 'actions' })
      const reject = el('button', { type: 'button', class: 'reject', 'data-testid': `${prefix}-reject` }, 'Reject')
      const approve = el('button', { type: 'button', class: 'approve', 'data-testid': `${prefix}-approve` }, 'Approve')
      actions.append(reject, approve)
      dialog.append(header, method, title, origin, details, actions)
      root.append(dialog)
      approve.addEventListener('click', () => this.onDecision?.(true))
      reject.addEventListener('click', () => this.onDecision?.(false))
      // Escape: a rejection. The dialog stays under our control (we close it when the queue is empty).
      dialog.addEventListener('cancel', event => {
        event.preventDefault()
        this.onDecision?.(false)
      })
      this.#dialog = dialog
      this.#parts = { wallet, queue, method, title, origin, details, approve, reject }
      return this.#parts
    }

    show(walletName: string, request: ApprovalRequest, position: number, total: number): void {
      const parts = this.#build()
      parts.wallet.replaceChildren(
        el('span', { class: 'dot', 'aria-hidden': 'true' }),
        document.createTextNode(walletName)
      )
      parts.queue.textContent = total > 1 ? `${position} of ${total}` : ''
      parts.method.textContent = request.method
      parts.title.textContent = request.title
      parts.origin.textContent = `Requested by ${location.origin}`
      parts.details.replaceChildren(
        ...(request.details ?? []).flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value)])
      )
      const dialog = this.#dialog
      if (!dialog) return
      // Re-opening brings it to the top of the top layer (above a modal the page opened meanwhile).
      if (dialog.open) dialog.close()
      dialog.showModal()
      parts.approve.focus()
    }

    hide(): void {
      if (this.#dialog?.open) this.#dialog.close()
    }
  }
}

function definePanel(): void {
  if (!customElements.get(TAG)) customElements.define(TAG, panelClass())
}

/** Resolves once document.body exists. */
function bodyReady(): Promise<HTMLElement> {
  if (document.body) return Promise.resolve(document.body)
  return new Promise(resolve => {
    document.addEventListener('DOMContentLoaded', () => resolve(document.body), { once: true })
  })
}

interface Pending {
  request: ApprovalRequest
  resolve: (approved: boolean) => void
}

export interface ApprovalQueueOptions {
  walletName: string
  /** data-testid prefix: `dev-wallet` gives `dev-wallet-approve` and `dev-wallet-reject`. */
  testIdPrefix: string
  /** Which corner: the Dev Wallet bottom right, the Solana wallet bottom left. */
  placement: 'right' | 'left'
  autoApprove?: AutoApprove
}

/** One wallet's pending decisions, shown one at a time in its panel. */
export class ApprovalQueue {
  #pending: Pending[] = []
  #panel?: TestWalletPanel
  #options: ApprovalQueueOptions
  autoApprove: AutoApprove | undefined

  constructor(options: ApprovalQueueOptions) {
    this.#options = options
    this.autoApprove = options.autoApprove
  }

  /** Resolves true when approved, false when rejected. */
  ask(request: ApprovalRequest): Promise<boolean> {
    const auto = this.autoApprove
    if (auto !== undefined) return Promise.resolve(typeof auto === 'function' ? Boolean(auto(request)) : auto)
    return new Promise(resolve => {
      this.#pending.push({ request, resolve })
      if (this.#pending.length === 1) void this.#showHead()
      else this.#updateCounter()
    })
  }

  /** How many requests wait for a decision. */
  get size(): number {
    return this.#pending.length
  }

  /** Rejects everything pending and removes the panel. */
  dispose(): void {
    for (const pending of this.#pending.splice(0)) pending.resolve(false)
    this.#panel?.hide()
    this.#panel?.remove()
    this.#panel = undefined
  }

  async #ensurePanel(): Promise<TestWalletPanel> {
    if (this.#panel?.isConnected) return this.#panel
    definePanel()
    const body = await bodyReady()
    const panel = document.createElement(TAG) as TestWalletPanel
    panel.setAttribute('testid-prefix', this.#options.testIdPrefix)
    panel.setAttribute('placement', this.#options.placement)
    panel.setAttribute('wallet', this.#options.walletName)
    panel.onDecision = approved => this.#decide(approved)
    body.append(panel)
    this.#panel = panel
    return panel
  }

  async #showHead(): Promise<void> {
    const head = this.#pending[0]
    if (!head) return
    const panel = await this.#ensurePanel()
    if (this.#pending[0] !== head) return
    panel.show(this.#options.walletName, head.request, 1, this.#pending.length)
  }

  #updateCounter(): void {
    const head = this.#pending[0]
    if (head && this.#panel) this.#panel.show(this.#options.walletName, head.request, 1, this.#pending.length)
  }

  #decide(approved: boolean): void {
    const head = this.#pending.shift()
    if (!head) return
    head.resolve(approved)
    if (this.#pending.length > 0) void this.#showHead()
    else this.#panel?.hide()
  }
}

/** Shortens a long hex or base58 string for a title: 0x7099…79C8. */
export function shorten(value: string, keep = 4): string {
  const start = value.startsWith('0x') ? keep + 2 : keep
  return value.length > start + keep + 1 ? `${value.slice(0, start)}…${value.slice(-keep)}` : value
}
