import type { ReactiveController, ReactiveElement } from 'lit'

/** A row that can take part in a roving tab order: wui-list-item. */
export interface RovingItem extends HTMLElement {
  tabbable: boolean
  current?: boolean
  disabled?: boolean
}

const STEPS: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1 }

/**
 * A list of rows (wallets, networks) as one Tab stop: ArrowDown and ArrowUp move to the next and
 * previous row, Home and End to the first and last, Enter or Space chooses. Tab enters the list on
 * the row used last, else on the current row (the active network), else on the first.
 */
export class RovingListController implements ReactiveController {
  private index: number | undefined

  constructor(
    private readonly host: ReactiveElement,
    private readonly rows: () => RovingItem[]
  ) {
    host.addController(this)
  }

  /**
   * On the shadow root, not the host: focus moving between two rows is one move inside the host,
   * so the host itself is not sent focusin for it (target and related target are both the host).
   */
  hostConnected(): void {
    this.host.renderRoot.addEventListener('keydown', this.onKeydown as EventListener)
    this.host.renderRoot.addEventListener('focusin', this.onFocusin)
  }

  hostDisconnected(): void {
    this.host.renderRoot.removeEventListener('keydown', this.onKeydown as EventListener)
    this.host.renderRoot.removeEventListener('focusin', this.onFocusin)
  }

  hostUpdated(): void {
    const rows = this.enabledRows()
    if (rows.length === 0) return
    if (this.index === undefined || this.index >= rows.length)
      this.index = Math.max(
        0,
        rows.findIndex(row => row.current)
      )
    rows.forEach((row, i) => (row.tabbable = i === this.index))
  }

  private enabledRows(): RovingItem[] {
    return this.rows().filter(row => !row.disabled)
  }

  private rowOf(event: Event, rows: readonly RovingItem[]): number {
    return rows.findIndex(row => event.composedPath().includes(row))
  }

  private readonly onFocusin = (event: Event): void => {
    const rows = this.enabledRows()
    const at = this.rowOf(event, rows)
    if (at === -1) return
    this.index = at
    rows.forEach((row, i) => (row.tabbable = i === at))
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    const rows = this.enabledRows()
    const from = this.rowOf(event, rows)
    if (from === -1 || event.altKey || event.ctrlKey || event.metaKey) return
    const step = STEPS[event.key]
    let to: number
    if (step !== undefined) to = Math.min(rows.length - 1, Math.max(0, from + step))
    else if (event.key === 'Home') to = 0
    else if (event.key === 'End') to = rows.length - 1
    else return
    event.preventDefault()
    rows[to]?.focus()
  }
}
