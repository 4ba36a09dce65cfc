import type { RegisterNameMessage } from '../../api/schemas/profile.js'
import { identityCache, nameCache } from '../../storage/caches.js'
import { $account, setAccount } from '../account.js'
import { activeConnector } from '../connect/connection.js'
import { $network } from '../network.js'
import { $router, replaceView } from '../router.js'
import { nameClient } from './client.js'
import { $names, initialNames } from './form.js'
import { evmCoinType, fullName, labelOf, labelRuleError } from './rules.js'
import { NAME_NETWORK_NOT_FOUND, NAME_NO_CONNECTOR, NAME_TAKEN, nameRegisterFailed } from './texts.js'

function fail(error: string, failedName?: string): false {
  $names.set({ ...$names.get(), loading: false, error, failedName })
  if ($router.get().view !== 'RegisterAccountName') replaceView('RegisterAccountName')
  return false
}

/**
 * What registering `label` needs, checked in the spec's order (docs/behaviour.md section 8): the rules, an
 * active EVM network, and the account with a connector that signs; the visitor's text otherwise.
 */
function checkedRegistration(label: string) {
  const rule = labelRuleError(label)
  if (rule) return rule
  const state = $names.get()
  if (state.label === label && state.availability === 'taken') return NAME_TAKEN
  const network = $network.get().activeNetwork
  if (!network || network.chainNamespace !== 'eip155' || typeof network.id !== 'number') return NAME_NETWORK_NOT_FOUND
  const { address, namespace } = $account.get()
  const connector = activeConnector()
  const sign = connector?.signMessage
  if (!address || namespace !== 'eip155' || typeof sign !== 'function') return NAME_NO_CONNECTOR
  const signMessage = (message: string) => sign.call(connector, message, address)
  return { network, chainId: network.id, address, signMessage }
}

/** The registered name becomes the account's: the Account view, the account button and Activity show it. */
function storeProfileName(name: string, address: string, caipNetworkId: string): void {
  setAccount({ profileName: name })
  const identity = identityCache(caipNetworkId, address)
  identity.set({ name, avatar: identity.get()?.avatar ?? null })
  nameCache(caipNetworkId, address.toLowerCase()).set(name)
}

/**
 * Registers `label` (the typed one by default, or a chosen suggestion, "alice" or
 * "alice.appkit.id") for the connected EVM account (docs/behaviour.md section 4): the wallet signs a
 * RegisterNameMessage (personal_sign), the backend checks the signature and writes the registry;
 * then the name is the account's and RegisterAccountNameSuccess shows. On any failure the form
 * stays on RegisterAccountName with the error. A second call while one runs does nothing.
 */
export async function registerName(label: string = $names.get().label): Promise<boolean> {
  if ($names.get().loading) return false
  const plain = labelOf(label.trim())
  const checked = checkedRegistration(plain)
  if (typeof checked === 'string') return fail(checked)
  const { network, chainId, address, signMessage } = checked
  const name = fullName(plain)
  const client = nameClient()
  const state = $names.get()
  $names.set({
    ...state,
    label: plain,
    availability: plain === state.label ? state.availability : 'unknown',
    rule: undefined,
    loading: true,
    error: undefined,
    failedName: undefined
  })
  try {
    if (!client) throw new Error('No name API: createAppKit was given no apiUrl')
    const signed: RegisterNameMessage = { name, attributes: {}, timestamp: Date.now() }
    const message = JSON.stringify(signed)
    // personal_sign (EIP-191); the connector checks the answer is a 0x hex signature.
    const signature = await signMessage(message)
    await client.register({ coin_type: evmCoinType(chainId), address, message, signature })
  } catch (error) {
    console.warn(`[appkit] ${nameRegisterFailed(name)}:`, error)
    return fail(nameRegisterFailed(name), name)
  }
  if ($account.get().address === address) storeProfileName(name, address, network.caipNetworkId)
  $names.set({ ...initialNames, registered: name })
  replaceView('RegisterAccountNameSuccess')
  return true
}
