// Shared by the test/chain tests: start both local chains on free ports for one test file.
import { after, before } from 'node:test'
import { startChains, type LocalChain, type LocalChains } from '../../chain/start.js'

/** Starts chain A and chain B (free ports) before the file's tests and stops them after. */
export function useLocalChains(): { readonly local: LocalChains; readonly a: LocalChain; readonly b: LocalChain } {
  let local: LocalChains | undefined
  before(async () => {
    local = await startChains({ portA: 0, portB: 0 })
  })
  after(async () => {
    await local?.stop()
  })
  return {
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
