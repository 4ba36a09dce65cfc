import { $account } from '../../src/stores/account.js'

/** What fetchBalance resolves with: the balance in whole units ('1.5') and its symbol, or why not. */
export type FetchBalanceResult =
  | {
      readonly data: { readonly balance: string; readonly symbol: string }
      readonly error: null
      readonly isSuccess: true
    }
  | { readonly data: undefined; readonly error: string; readonly isSuccess: false }

export interface UseAppKitBalanceReturn {
  /**
   * Reads the connected account's native balance again, past the caches (the balance API, else
   * the wallet), and shows it in the modal too. Never rejects.
   */
  fetchBalance(): Promise<FetchBalanceResult>
}

const NOT_CONNECTED = 'No account connected'
const UNREADABLE = 'The balance could not be read'

async function fetchBalance(): Promise<FetchBalanceResult> {
  if ($account.get().status !== 'connected') return { data: undefined, error: NOT_CONNECTED, isSuccess: false }
  const [{ refreshNativeBalance }, { balanceReadsBlocked }] = await Promise.all([
    import('../../src/stores/account/balances.js'),
    import('../../src/stores/account/balance-block.js')
  ])
  await refreshNativeBalance({ force: true })
  const { balance, balanceSymbol, status } = $account.get()
  if (status !== 'connected') return { data: undefined, error: NOT_CONNECTED, isSuccess: false }
  // A failed read blocks reads for a while and keeps the last balance: that is no answer.
  if (balanceReadsBlocked() || balance === undefined || !balanceSymbol)
    return { data: undefined, error: UNREADABLE, isSuccess: false }
  return { data: { balance, symbol: balanceSymbol }, error: null, isSuccess: true }
}

const controls: UseAppKitBalanceReturn = { fetchBalance }

/** `const { fetchBalance } = useAppKitBalance()` (issue 31). The function never changes. */
export function useAppKitBalance(): UseAppKitBalanceReturn {
  return controls
}
