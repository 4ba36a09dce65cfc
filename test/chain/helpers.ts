// Shared by the test/chain tests: start both local chains on free ports for one test file.
import { after, before } from 'node:test'
import { startChains, type LocalChain, type LocalChains } from '../../local/chain/start.js'

/**
 * Starts chain A and chain B (free ports) before the file's tests and stops them after. `ready`
 * settles once they are up (or with the reason they are not): a `before` of the file's own that
 * uses the chains awaits it, so that it never depends on the order the runner gives the hooks.
 */
export function useLocalChains(): {
  readonly local: LocalChains
  readonly a: LocalChain
  readonly b: LocalChain
  readonly ready: Promise<LocalChains>
} {
  let local: LocalChains | undefined
  let started: (chains: LocalChains) => void = () => undefined
  let failed: (reason: unknown) => void = () => undefined
  const ready = new Promise<LocalChains>((resolve, reject) => {
    started = resolve
    failed = reject
  })
  // A file that never awaits `ready` must not see an unhandled rejection from it.
  ready.catch(() => undefined)
  before(async () => {
    try {
      local = await startChains({ portA: 0, portB: 0 })
      started(local)
    } catch (error) {
      failed(error)
      throw error
    }
  })
  after(async () => {
    await local?.stop()
  })
  return {
    ready,
    get local() {
      if (!local) throw new Error('the local chains are not started')
      return local
    },
    get a() {
      return this.local.chains[0]!
    },
    get b() {
      return this.local.chains[1]!
    }
  }
}
