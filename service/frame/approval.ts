// The frame's approval UI (service/frame/README.md, "The frame page"): a queue of pending approvals, the
// first one shown as a region with a heading, who asks (the app's name, as text), what is asked,
// and two real buttons, Reject and Approve. Only those buttons (a click, or Enter/Space on them)
// and Escape settle an approval: nothing the host page posts can. Reject and Escape answer 'User
// rejected the request'. Approve only counts once the approval has been on screen for a moment
// (armDelayMs), so a click aimed at the host page just before the frame showed cannot approve.
// With nothing pending the page shows a neutral state: the app's name and 'Secure wallet'.
import { RPC_USER_REJECTED } from '../../src/frame/rpc-methods.js'
import { approvalDetails, element } from './approval-details.js'
import { approvalHeading, type ApprovalRequest, type Approvals } from './approval-request.js'

export const IDLE_HEADING = 'Secure wallet'
/** How long an approval is on screen before Approve counts. */
export const ARM_DELAY_MS = 500

interface Pending {
  readonly request: ApprovalRequest
  readonly resolve: () => void
  readonly reject: (error: Error) => void
}

export interface ApprovalViewOptions {
  readonly armDelayMs?: number
}

export class ApprovalView implements Approvals {
  readonly #queue: Pending[] = []
  readonly #doc: Document
  readonly #armDelayMs: number
  readonly #idle: HTMLElement
  readonly #idleApp: HTMLElement
  readonly #region: HTMLElement
  readonly #heading: HTMLElement
  readonly #requester: HTMLElement
  readonly #details: HTMLElement
  readonly #position: HTMLElement
  readonly #reject: HTMLButtonElement
  readonly #approve: HTMLButtonElement
  readonly #live: HTMLElement
  #app = ''
  /** The origin of the page that asks, as the browser reports its messages' origin. */
  #origin = ''
  #shownAt = 0
  #shown: Pending | undefined

  constructor(
    readonly root: HTMLElement,
    options: ApprovalViewOptions = {}
  ) {
    const doc = root.ownerDocument
    this.#doc = doc
    this.#armDelayMs = options.armDelayMs ?? ARM_DELAY_MS

    this.#idle = element(doc, 'section', undefined, 'idle')
    this.#idle.setAttribute('aria-labelledby', 'idle-heading')
    this.#idleApp = element(doc, 'p', undefined, 'idle-app')
    const idleHeading = element(doc, 'h1', IDLE_HEADING)
    idleHeading.id = 'idle-heading'
    this.#idle.append(this.#idleApp, idleHeading)

    this.#region = element(doc, 'section', undefined, 'approval')
    this.#region.setAttribute('aria-labelledby', 'approval-heading')
    this.#region.hidden = true
    this.#heading = element(doc, 'h1')
    this.#heading.id = 'approval-heading'
    this.#requester = element(doc, 'p', undefined, 'approval-requester')
    this.#details = element(doc, 'div', undefined, 'approval-details')
    this.#position = element(doc, 'p', undefined, 'approval-position')
    this.#reject = element(doc, 'button', 'Reject', 'approval-reject')
    this.#approve = element(doc, 'button', 'Approve', 'approval-approve')
    this.#reject.type = 'button'
    this.#approve.type = 'button'
    const actions = element(doc, 'div', undefined, 'approval-actions')
    actions.append(this.#reject, this.#approve)
    this.#region.append(this.#heading, this.#requester, this.#details, this.#position, actions)

    this.#live = element(doc, 'p', undefined, 'visually-hidden')
    this.#live.setAttribute('aria-live', 'polite')

    root.append(this.#idle, this.#region, this.#live)
    this.#reject.addEventListener('click', this.#onReject)
    this.#approve.addEventListener('click', this.#onApprove)
    doc.addEventListener('keydown', this.#onKeydown)
    this.#render()
  }

  /** How many approvals wait, the shown one included. */
  get pending(): number {
    return this.#queue.length
  }

  /** The app that asks (syncDappData's name), shown as text. */
  setApp(name: string | undefined): void {
    this.#app = name?.trim() ?? ''
    this.#idleApp.textContent = this.#app
    this.#idleApp.hidden = !this.#app
    this.#requester.textContent = this.#requesterText()
  }

  /**
   * The origin of the page whose requests this frame serves (the channel takes only messages whose
   * `event.origin` is this one): every approval names it, so that a page can never borrow another
   * app's name, or pass for "the app you are using".
   */
  setOrigin(origin: string): void {
    this.#origin = origin
    this.#requester.textContent = this.#requesterText()
  }

  /** Queues `request`; resolves when the visitor approves it, rejects with 'User rejected the request'. */
  ask(request: ApprovalRequest): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ request, resolve, reject })
      if (this.#queue.length === 1) this.#render()
      else this.#position.textContent = this.#positionText()
    })
  }

  /** Rejects every pending approval with `message` (a sign-out: nothing may be signed after it). */
  rejectAll(message: string): void {
    for (const pending of this.#queue.splice(0)) pending.reject(new Error(message))
    this.#render()
  }

  /** Takes the UI out of the page; whatever waits is rejected. */
  dispose(): void {
    this.rejectAll(RPC_USER_REJECTED)
    this.#doc.removeEventListener('keydown', this.#onKeydown)
    this.#idle.remove()
    this.#region.remove()
    this.#live.remove()
  }

  readonly #onReject = (): void => this.#settle(false)

  readonly #onApprove = (): void => {
    if (performance.now() - this.#shownAt < this.#armDelayMs) return
    this.#settle(true)
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.#shown) return
    event.preventDefault()
    this.#settle(false)
  }

  #settle(approved: boolean): void {
    const pending = this.#shown
    if (!pending || this.#queue[0] !== pending) return
    this.#queue.shift()
    if (approved) pending.resolve()
    else pending.reject(new Error(RPC_USER_REJECTED))
    this.#render()
  }

  #requesterText(): string {
    if (this.#origin) return this.#app ? `Requested by ${this.#app} (${this.#origin})` : `Requested by ${this.#origin}`
    return this.#app ? `Requested by ${this.#app}` : 'Requested by the app you are using'
  }

  #positionText(): string {
    return this.#queue.length > 1 ? `Request 1 of ${this.#queue.length}` : ''
  }

  #render(): void {
    const current = this.#queue[0]
    if (current === this.#shown) return
    this.#shown = current
    this.#idle.hidden = Boolean(current)
    this.#region.hidden = !current
    if (!current) {
      this.#details.replaceChildren()
      this.#live.textContent = ''
      return
    }
    const heading = approvalHeading(current.request)
    this.#heading.textContent = heading
    this.#requester.textContent = this.#requesterText()
    this.#details.replaceChildren(...approvalDetails(this.#doc, current.request))
    this.#position.textContent = this.#positionText()
    this.#live.textContent = `${heading}: ${this.#requesterText()}`
    this.#shownAt = performance.now()
    this.#reject.focus()
  }
}
