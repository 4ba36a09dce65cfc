// The account type per namespace (docs/behaviour.md sections 3 and 4): the visitor's stored choice, else the
// app's defaultAccountTypes, else the kit's defaults (eip155 smartAccount, solana eoa, bip122
// payment, polkadot eoa). The embedded wallet uses its smart account where it has one and the type
// is preferred; switching (the Account view's Switch to EOA / Switch to smart account) stores the
// choice and asks the wallet. A refused switch to the smart account falls back to the EOA and says so.
import type { ChainNamespace } from '../../networks/types.js'
import { storedPreferredAccountTypes, type PreferredAccountTypes } from '../../storage/keys.js'
import { setAccount, type AccountType } from '../account.js'
import { preferredAccountTypes } from './preferred-account-types.js'
import { sessionOf } from '../connect/sessions.js'
import { SMART_ACCOUNT_FALLBACK } from '../texts.js'
import { showError } from '../toast.js'

function storeChoice(namespace: ChainNamespace, type: AccountType): void {
  const stored: PreferredAccountTypes = { ...storedPreferredAccountTypes.get(), [namespace]: type }
  storedPreferredAccountTypes.set(stored)
  setAccount({ preferredAccountTypes: preferredAccountTypes() })
}

/**
 * Switches the EVM connection's account to `type` (the embedded wallet's smart account or its EOA)
 * and remembers the choice. A wallet that cannot (no smart account on this network, or an error)
 * leaves the visitor on the EOA, with the spec's fallback said in a toast.
 */
export async function switchAccountType(type: 'eoa' | 'smartAccount'): Promise<void> {
  const connector = sessionOf('eip155')?.connector
  if (!connector?.setAccountType) return
  storeChoice('eip155', type)
  try {
    await connector.setAccountType(type)
  } catch (error) {
    if (type === 'eoa') throw error
    console.warn('[appkit] The smart account is not available:', error)
    showError(SMART_ACCOUNT_FALLBACK)
    await connector
      .setAccountType('eoa')
      .catch((cause: unknown) => console.warn('[appkit] Back to the EOA failed:', cause))
  }
}
