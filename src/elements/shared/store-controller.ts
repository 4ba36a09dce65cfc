import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { ReadableAtom } from 'nanostores'

/** Re-renders its host whenever a store changes; the host reads `.value`, never a copy. */
export class StoreController<T> implements ReactiveController {
  private unsubscribe: (() => void) | undefined

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly store: ReadableAtom<T>
  ) {
    host.addController(this)
  }

  get value(): T {
    return this.store.get()
  }

  hostConnected(): void {
    this.unsubscribe = this.store.listen(() => this.host.requestUpdate())
  }

  hostDisconnected(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }
}
