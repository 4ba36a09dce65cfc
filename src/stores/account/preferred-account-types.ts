// The account type wanted on each namespace now (docs/behaviour.md section 4): the visitor's stored choice,
// else the app's defaultAccountTypes, else the kit's defaults (docs/behaviour.md section 11). Reads only.
import type { ChainNamespace } from '../../networks/types.js'
import { storedPreferredAccountTypes } from '../../storage/keys.js'
import { DEFAULT_PREFERRED_ACCOUNT_TYPES, type AccountType } from '../account.js'
import { $options } from '../options.js'

export function preferredAccountTypes(): Record<ChainNamespace, AccountType> {
  return {
    ...DEFAULT_PREFERRED_ACCOUNT_TYPES,
    ...$options.get()?.defaultAccountTypes,
    ...storedPreferredAccountTypes.get()
  }
}

/** The embedded wallet's type on eip155: its smart account or its plain key (payment is Bitcoin's). */
export function preferredEvmAccountType(): 'eoa' | 'smartAccount' {
  return preferredAccountTypes().eip155 === 'smartAccount' ? 'smartAccount' : 'eoa'
}
