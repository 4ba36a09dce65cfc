import { map } from 'nanostores'
import { getNftClient } from '../../api/nft-client.js'
import type { Nft } from '../../api/schemas/nfts.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { $account } from '../account.js'
import { $options } from '../options.js'

export interface NftsState {
  /** idle: never asked; loading: asked, no list yet; ready: the list; unavailable: it could not be read. */
  readonly status: 'idle' | 'loading' | 'ready' | 'unavailable'
  /** Every NFT the account holds on its network, spam included (the element hides it). */
  readonly nfts: readonly Nft[]
  /** The CAIP-10 account (its network included) the list belongs to. */
  readonly caipAddress: string | undefined
  /** Whether NFTs of spam collections show ("Show hidden"). */
  readonly showHidden: boolean
}

const initialNfts: NftsState = { status: 'idle', nfts: [], caipAddress: undefined, showHidden: false }

export const $nfts = map<NftsState>(initialNfts)

/** Bumped by every reset: an answer for an older list is dropped. */
let generation = 0

/** The NFTs to show: without those of spam collections unless the visitor asked to see them. */
export function shownNfts(state: NftsState): readonly Nft[] {
  return state.showHidden ? state.nfts : state.nfts.filter(nft => !nft.flags.is_spam)
}

/** How many NFTs "Show hidden" would add. */
export function hiddenNftCount(state: NftsState): number {
  return state.nfts.filter(nft => nft.flags.is_spam).length
}

/**
 * The NFTs tab shows: the connected account's NFTs on its network from the backend, once per
 * account and network (a new one starts over). An image the page may not load (not https, not the
 * backend's) is left out and the card shows a placeholder. A failure leaves the tab's
 * unavailable state and is asked again the next time the tab shows.
 */
export async function showNfts(): Promise<void> {
  const { caipAddress } = $account.get()
  const state = $nfts.get()
  if (state.caipAddress === caipAddress && state.status !== 'unavailable' && state.status !== 'idle') return
  const parts = safeParseCaip10(caipAddress)
  generation++
  const mine = generation
  if (!caipAddress || !parts) {
    $nfts.set(initialNfts)
    return
  }
  $nfts.set({ ...initialNfts, status: 'loading', caipAddress })
  try {
    const options = $options.get()
    const api = getNftClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
    if (!api) throw new Error('No NFT API: createAppKit was given no apiUrl')
    const answer = await api.nfts(parts.address, { chainId: parts.caipNetworkId })
    if (mine !== generation) return
    const nfts = answer.map(nft => {
      if (!nft.image || isSafeImageUrl(nft.image.url, api.trustedOrigins)) return nft
      const { image: _unsafe, ...rest } = nft
      return rest
    })
    $nfts.set({ ...$nfts.get(), status: 'ready', nfts })
  } catch (error) {
    if (mine !== generation) return
    console.warn('[appkit] The NFTs could not be read:', error)
    $nfts.set({ ...$nfts.get(), status: 'unavailable', nfts: [] })
  }
}

/** "Show hidden" / "Hide hidden": the NFTs of spam collections. */
export function toggleHiddenNfts(): void {
  $nfts.setKey('showHidden', !$nfts.get().showHidden)
}

/** Forgets the list; an answer on its way is dropped. */
export function resetNfts(): void {
  generation++
  $nfts.set(initialNfts)
}
