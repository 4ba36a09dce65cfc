/**
 * JSON in localStorage, tolerant of a page where storage is unavailable (sandboxed iframe, private
 * mode quota): then the value lives in memory for the page's lifetime.
 */
/** What it uses of the Web Storage API (typed here so that Node code can import this file). */
interface WebStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export class JsonStorage<T> {
  readonly key: string
  #memory: string | null = null

  constructor(key: string) {
    this.key = key
  }

  #storage(): WebStorage | undefined {
    try {
      return (globalThis as { localStorage?: WebStorage }).localStorage ?? undefined
    } catch {
      return undefined
    }
  }

  read(parse: (value: unknown) => T | undefined): T | undefined {
    let text: string | null = this.#memory
    try {
      const storage = this.#storage()
      if (storage) text = storage.getItem(this.key)
    } catch {
      // fall back to memory
    }
    if (text === null) return undefined
    try {
      return parse(JSON.parse(text))
    } catch {
      return undefined
    }
  }

  write(value: T): void {
    const text = JSON.stringify(value)
    this.#memory = text
    try {
      this.#storage()?.setItem(this.key, text)
    } catch {
      // memory only
    }
  }

  clear(): void {
    this.#memory = null
    try {
      this.#storage()?.removeItem(this.key)
    } catch {
      // memory only
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
