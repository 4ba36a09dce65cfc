/** A minimal event emitter with the Node-style API that EIP-1193 consumers call (on, removeListener, ...). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners receive whatever the event carries
type Listener = (...args: any[]) => void

export class Emitter {
  #listeners = new Map<string, Listener[]>()

  on(event: string, listener: Listener): this {
    const list = this.#listeners.get(event) ?? []
    list.push(listener)
    this.#listeners.set(event, list)
    return this
  }

  addListener(event: string, listener: Listener): this {
    return this.on(event, listener)
  }

  once(event: string, listener: Listener): this {
    const wrapper: Listener = (...args) => {
      this.removeListener(event, wrapper)
      listener(...args)
    }
    return this.on(event, wrapper)
  }

  removeListener(event: string, listener: Listener): this {
    const list = this.#listeners.get(event)
    if (!list) return this
    const at = list.lastIndexOf(listener)
    if (at !== -1) list.splice(at, 1)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  listenerCount(event: string): number {
    return this.#listeners.get(event)?.length ?? 0
  }

  /** Calls every listener; one that throws does not stop the others (the error is reported). */
  emit(event: string, ...args: unknown[]): boolean {
    const list = [...(this.#listeners.get(event) ?? [])]
    for (const listener of list) {
      try {
        listener(...args)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
    return list.length > 0
  }
}
