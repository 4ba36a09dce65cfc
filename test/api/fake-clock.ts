import type { Clock } from '../../src/api/clock.js'

interface Timer {
  at: number
  callback: () => void
}

/**
 * Virtual time for the API clients. With `auto` (the default) every `sleep` returns at once and
 * moves the clock forward; without it, sleeps and timers wait until the test calls `advance`.
 * `sleeps` records every wait the client asked for, in order.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = []
  private time: number
  private timers: Timer[] = []

  constructor(
    private readonly auto = true,
    start = Date.parse('2030-01-01T00:00:00Z')
  ) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms)
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.auto) {
      this.advance(ms)
      return Promise.resolve()
    }
    return new Promise(resolve => this.setTimer(resolve, ms))
  }

  setTimer(callback: () => void, ms: number): () => void {
    const timer: Timer = { at: this.time + ms, callback }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter(t => t !== timer)
    }
  }

  /** Moves time forward by `ms`, firing due timers in order. */
  advance(ms: number): void {
    const target = this.time + ms
    for (;;) {
      const due = this.timers.filter(t => t.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.timers = this.timers.filter(t => t !== due)
      this.time = due.at
      due.callback()
    }
    this.time = target
  }

  get pendingTimers(): number {
    return this.timers.length
  }

  /** Resolves once at least `count` timers are pending (real-time limit 5 s). */
  async waitForTimers(count: number): Promise<void> {
    const deadline = Date.now() + 5000
    while (this.timers.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.timers.length} of ${count} timers armed`)
      await new Promise(resolve => setImmediate(resolve))
    }
  }
}
