import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'

/**
 * The import rules of eslint.config.js (issue 30, point 3; the design's layers: elements read stores,
 * stores call the clients, clients know no store and no element). Each case lints one line as if it
 * were in the given file, with the project's own config.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) })

async function layerErrors(filePath, code) {
  const [result] = await eslint.lintText(`${code}\nexport {}\n`, { filePath })
  return result.messages.filter(message => message.ruleId === 'layers/imports').map(message => message.message)
}

const refused = async (filePath, code) => assert.equal((await layerErrors(filePath, code)).length, 1, code)
const allowed = async (filePath, code) => assert.deepEqual(await layerErrors(filePath, code), [], code)

test('nothing imports up: utils, i18n, storage and the clients may not import a layer above', async () => {
  await refused('src/utils/example.ts', "import { $modal } from '../stores/modal.js'")
  await refused('src/i18n/example.ts', "import { TRANSACTION_SENT } from '../stores/send/texts.js'")
  await refused('src/storage/example.ts', "import { choosePairing } from '../connectors/walletconnect/pairing.js'")
  await refused('src/api/example.ts', "import { $account } from '../stores/account.js'")
  await refused('src/connectors/walletconnect/example.ts', "import '../../elements/w3m-modal.js'")
  await refused('src/utils/example.ts', "import { MOBILE } from '../config/options.js'")
  const [message] = await layerErrors('src/utils/example.ts', "import { $modal } from '../stores/modal.js'")
  assert.match(
    message,
    /src\/utils\/example\.ts \(layer "base"\) may not import src\/stores\/modal\.ts \(layer "stores"\)/
  )
})

test('a dynamic import() and an export ... from count like an import', async () => {
  await refused('src/i18n/example.ts', "void import('../stores/store-text-ids.js')")
  await refused('src/config/example.ts', "export { $modal } from '../stores/modal.js'")
  await refused('src/config/example.ts', "export * from '../adapters/evm/index.js'")
})

test('downward imports are allowed, and the spec constants sit in the base layer', async () => {
  await allowed('src/stores/example.ts', "import { fetchBalance } from '../api/balance-client.js'")
  await allowed('src/connectors/example.ts', "import { storedWalletConnectPairing } from '../storage/keys.js'")
  await allowed('src/utils/example.ts', "import { MOBILE_BREAKPOINT_PX } from '../config/constants.js'")
  await allowed('src/api/schemas/example.ts', "import { isCaip2 } from '../../utils/caip.js'")
  await allowed('src/elements/example.ts', "import { $modal } from '../stores/modal.js'")
  await allowed('src/index.ts', "import { evmAdapter } from './adapters/evm/index.js'")
})

test('elements reach data only through stores: no value import of the clients or storage', async () => {
  await refused('src/elements/views/example.ts', "import { fetchJson } from '../../api/http-client.js'")
  await refused('src/elements/views/example.ts', "import { storedRecentWallets } from '../../storage/keys.js'")
  await refused(
    'src/elements/views/example.ts',
    "import { AUTH_CONNECTOR_ID } from '../../connectors/auth/auth-connector.js'"
  )
})

test('an import type may cross layers (it carries no code); inline type names still load the module', async () => {
  await allowed('src/elements/views/example.ts', "import type { CatalogClient } from '../../api/catalog-client.js'")
  await allowed('src/config/example.ts', "import type { Adapter } from '../adapters/types.js'")
  await refused('src/config/example.ts', "import { type Adapter } from '../adapters/types.js'")
})

test('react/ may import src/, src/ never imports react/; service and local code never import elements', async () => {
  await allowed('react/example.ts', "import { createAppKit } from '../src/index.js'")
  await refused('src/stores/example.ts', "import { useAppKit } from '../../react/index.js'")
  await refused('service/backend/example.ts', "import '../../src/elements/w3m-modal.js'")
  await refused('service/frame/example.ts', "import '../../src/elements/ui/wui-button.js'")
  await refused('local/wallets/dev-wallet/example.ts', "import '../../../src/elements/w3m-modal.js'")
  await refused('local/walletconnect-relay/example.ts', "import '../../src/elements/w3m-modal.js'")
  await refused('local/stack/example.ts', "import '../../src/elements/w3m-modal.js'")
  await allowed('service/frame/example.ts', "import { FRAME_MESSAGE } from '../../src/frame/messages.js'")
})
