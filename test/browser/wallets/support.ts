/** Shared set-up of the wallet-catalog tests: options, a fake catalog client, fresh stores. */
import { setCatalogClient } from '../../../src/api/catalog-client.js'
import { parseOptions, type AppKitOptionsInput } from '../../../src/config/options.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { resetRouter } from '../../../src/stores/router.js'
import { resetWallets } from '../../../src/stores/connect/wallets.js'
import { createFakeCatalogClient, type FakeCatalogClient, type FakeCatalogOptions } from '../../fixtures/catalog.js'

export type CatalogAppOptions = Pick<AppKitOptionsInput, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>

/** Fresh stores, the given createAppKit options, and a fake catalog client injected through the seam. */
export function setUpCatalog(app: CatalogAppOptions = {}, fake: FakeCatalogOptions = {}): FakeCatalogClient {
  localStorage.clear()
  resetWallets()
  resetRouter()
  resetOptions()
  setOptions(parseOptions({ projectId: 'test-project', networks: [localChainA], ...app }))
  const client = createFakeCatalogClient(fake)
  setCatalogClient(client)
  return client
}

export function tearDownCatalog(): void {
  localStorage.clear()
  resetWallets()
  resetOptions()
  setCatalogClient(undefined)
}

/** Waits for `condition` over animation frames (not timers, which a test may have faked). */
export async function frameUntil(condition: () => boolean, what: string, frames = 300): Promise<void> {
  for (let frame = 0; frame < frames; frame++) {
    if (condition()) return
    await new Promise(resolve => requestAnimationFrame(resolve))
  }
  throw new Error(`Timed out waiting for ${what}`)
}
