/**
 * The Wallet Standard's `standard:events` for the test wallets: 'change' is its only event; a
 * listener that throws does not stop the others (its error is rethrown on its own).
 */
import type {
  StandardEventsChangeProperties,
  StandardEventsListeners,
  StandardEventsNames
} from '@wallet-standard/core'

export class StandardChangeEvents {
  #listeners: StandardEventsListeners['change'][] = []

  /** The feature's `on`: returns the function that stops the listener. */
  readonly on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): (() => void) => {
    const change = listener as StandardEventsListeners['change']
    if (event === 'change') this.#listeners.push(change)
    return () => {
      this.#listeners = this.#listeners.filter(existing => existing !== change)
    }
  }

  emit(properties: StandardEventsChangeProperties): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(properties)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
}
