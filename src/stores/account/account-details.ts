import type { CaipNetwork } from '../../networks/types.js'
import { identityCache, nativeBalanceCache } from '../../storage/caches.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { formatUnits } from '../../utils/units.js'
import { $account, setAccount } from '../account.js'
import { $network } from '../network.js'
import { accountApi } from './account-api.js'
import {
  balanceReadsBlocked,
  balanceUnavailable,
  joinedReads,
  resetBalanceBlock,
  type BalanceReadOptions
} from './balance-block.js'
import { ADDRESS_COPIED, ADDRESS_COPY_FAILED } from '../texts.js'
import { copyWithToast } from '../toast.js'

export { BALANCE_UNAVAILABLE } from '../texts.js'

/** Reads the native balance from the connected wallet (eth_getBalance through its provider). */
export type WalletBalanceReader = () => Promise<bigint>

/** Whether the account still is the one a read started for. */
const stillShowing = (caipAddress: string) => $account.get().caipAddress === caipAddress

/**
 * The native balance: the backend's balance API first (GET /v1/account/{address}/balance, with
 * forceUpdate when the read is forced: after the kit's own transaction, the backend's cache may
 * not have seen it yet), then the wallet itself (eth_getBalance) when the backend is not
 * configured, fails, or does not read this chain.
 */
async function readNativeBalance(
  address: string,
  caipNetworkId: string,
  network: CaipNetwork | undefined,
  fromWallet: WalletBalanceReader | undefined,
  force: boolean
): Promise<{ balance: string; symbol: string }> {
  const api = accountApi()
  if (api) {
    try {
      const native = await api.nativeBalance(address, caipNetworkId, { forceUpdate: force })
      if (native) return native
    } catch (error) {
      if (!fromWallet) throw error
    }
  }
  if (!fromWallet) throw new Error(`No source for the native balance on ${caipNetworkId}`)
  const value = await fromWallet()
  return {
    balance: formatUnits(value, network?.nativeCurrency.decimals ?? 18),
    symbol: network?.nativeCurrency.symbol ?? ''
  }
}

/** The native balance's reads under way, by account: a read that is not forced joins the one running. */
const reads = joinedReads()

async function refreshBalance(
  caipAddress: string,
  address: string,
  caipNetworkId: string,
  fromWallet: WalletBalanceReader | undefined,
  options: BalanceReadOptions
): Promise<void> {
  const force = options.force ?? false
  const cached = force ? undefined : nativeBalanceCache(caipNetworkId, address).get(options.maxAgeMs)
  if (cached) {
    setAccount({ balance: cached.balance, balanceSymbol: cached.symbol, balanceLoading: false })
    return
  }
  if (balanceReadsBlocked()) return
  await reads.run(caipAddress, force, () => readBalance(caipAddress, address, caipNetworkId, fromWallet, force))
}

/** Reads the native balance of `caipAddress` and shows it, or that it could not be read. */
async function readBalance(
  caipAddress: string,
  address: string,
  caipNetworkId: string,
  fromWallet: WalletBalanceReader | undefined,
  force: boolean
): Promise<void> {
  const network = $network.get().networks.find(n => n.caipNetworkId === caipNetworkId)
  const cache = nativeBalanceCache(caipNetworkId, address)
  setAccount({ balanceLoading: true })
  try {
    const native = await readNativeBalance(address, caipNetworkId, network, fromWallet, force)
    cache.set({ balance: native.balance, symbol: native.symbol })
    if (stillShowing(caipAddress))
      setAccount({ balance: native.balance, balanceSymbol: native.symbol, balanceLoading: false })
  } catch (error) {
    if (!stillShowing(caipAddress)) return
    console.warn('[appkit] The native balance could not be read:', error)
    setAccount({ balanceLoading: false })
    balanceUnavailable()
  }
}

async function refreshIdentity(caipAddress: string, address: string, caipNetworkId: string): Promise<void> {
  const api = accountApi()
  const cache = identityCache(caipNetworkId, address)
  let identity = cache.get()
  if (!identity && api) {
    try {
      identity = await api.identity(address)
      cache.set(identity)
    } catch {
      // No name or avatar: the account shows its address.
      return
    }
  }
  if (!identity || !stillShowing(caipAddress)) return
  const avatar = identity.avatar
  const { addressLabels } = $account.get()
  setAccount({
    // The account state's addressLabels (docs/behaviour.md section 3): each connected address's name.
    addressLabels: identity.name ? { ...addressLabels, [address]: identity.name } : addressLabels,
    profileName: identity.name ?? undefined,
    profileImage: avatar && isSafeImageUrl(avatar, api?.trustedOrigins ?? []) ? avatar : undefined
  })
}

type AccountBalanceOptions = BalanceReadOptions & { readonly fromWallet?: WalletBalanceReader }

/**
 * Fills the connected account's native balance: from its 30 s cache (`maxAgeMs` asks for a younger
 * value, `force` reads past it), else read, where a read under way answers a call that is not
 * forced. An answer that arrives after the account changed is dropped.
 */
export async function refreshAccountBalance(options: AccountBalanceOptions = {}): Promise<void> {
  const { caipAddress } = $account.get()
  const parts = safeParseCaip10(caipAddress)
  if (!caipAddress || !parts) return
  await refreshBalance(caipAddress, parts.address, parts.caipNetworkId, options.fromWallet, options)
}

/**
 * Fills the connected account's balance (refreshAccountBalance) and, on EVM, its name and avatar
 * (identity API, 5 min cache). Answers that arrive after the account changed are dropped.
 */
export async function refreshAccountDetails(options: AccountBalanceOptions = {}): Promise<void> {
  const { caipAddress } = $account.get()
  const parts = safeParseCaip10(caipAddress)
  if (!caipAddress || !parts) return
  const tasks = [refreshAccountBalance(options)]
  if (parts.namespace === 'eip155') tasks.push(refreshIdentity(caipAddress, parts.address, parts.caipNetworkId))
  await Promise.all(tasks)
}

/** Lifts the 30 s block after a failed balance read and forgets the reads under way (tests). */
export function resetAccountDetails(): void {
  reads.clear()
  resetBalanceBlock()
}

/** Copies the connected address to the clipboard and says so (or that it could not). */
export async function copyAddress(): Promise<boolean> {
  const { address } = $account.get()
  return address ? copyWithToast(address, ADDRESS_COPIED, ADDRESS_COPY_FAILED) : false
}
