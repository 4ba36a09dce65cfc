// The frame's answers about the account and the network (docs/behaviour.md section 7): the user on a chain,
// the EOA or the smart account (service/frame/smart-wallet.ts) the page prefers, and the network it switches to.
import type { FrameParams, FrameResult } from '../../src/frame/messages.js'
import type { FrameHandlers, HandlerContext } from './handler-context.js'
import { parseChainId } from './chains.js'
import { SMART_ACCOUNT_UNAVAILABLE, type ActiveSmartAccount } from './smart-wallet.js'
import type { Account } from './wallet.js'

/** The smart account in use on the wallet's chain: undefined when the EOA is preferred or the chain has none. */
export async function activeSmart(
  { deps, smartWallet, state }: HandlerContext,
  account: Account
): Promise<ActiveSmartAccount | undefined> {
  if (state.preferred !== 'smartAccount') return undefined
  const chainId = deps.session.lastChainId()
  try {
    if (!(await smartWallet.isEnabled(chainId))) return undefined
    return {
      address: await smartWallet.address(account.keyring.account, chainId),
      chainId,
      wallet: smartWallet,
      entryPoint: await smartWallet.entryPoint()
    }
  } catch (error) {
    console.warn(`[frame] no smart account on chain ${chainId}; the EOA answers`, error)
    return undefined
  }
}

/** The logged-in user on `chainId` (the EVM one: the stored last chain; a Solana one: its address). */
export async function user(
  context: HandlerContext,
  { chainId, preferredAccountType }: FrameParams<'getUser'>
): Promise<FrameResult<'getUser'>> {
  const { session, wallet } = context.deps
  const account = await wallet.require()
  const { email, keyring, social } = account
  const userName = social ? { userName: social.username } : {}
  const chain = chainId === undefined ? undefined : parseChainId(chainId)
  if (chain?.namespace === 'solana') {
    context.state.solanaChainId = chain.id
    const address = keyring.solanaAddress
    return {
      email,
      address,
      chainId: chain.id,
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      ...userName
    }
  }
  if (chain) session.setLastChainId(chain.id)
  if (preferredAccountType) context.state.preferred = preferredAccountType
  const { address } = keyring
  const smart = await activeSmart(context, account)
  if (smart) {
    const deployed = await smart.wallet.isDeployed(keyring.account, smart.chainId).catch(() => undefined)
    return {
      email,
      address: smart.address,
      ...userName,
      chainId: smart.chainId,
      accounts: [
        { address: smart.address, type: 'smartAccount' },
        { address, type: 'eoa' }
      ],
      preferredAccountType: 'smartAccount',
      ...(deployed === undefined ? {} : { smartAccountDeployed: deployed })
    }
  }
  return {
    email,
    address,
    ...userName,
    chainId: session.lastChainId(),
    accounts: [{ address, type: 'eoa' }],
    preferredAccountType: 'eoa'
  }
}

type AccountMethod =
  | 'getUser'
  | 'getChainId'
  | 'getSmartAccountEnabledNetworks'
  | 'setPreferredAccount'
  | 'initSmartAccount'
  | 'switchNetwork'

export function accountHandlers(context: HandlerContext): Pick<FrameHandlers, AccountMethod> {
  const { deps, smartWallet, state } = context
  const { session, wallet } = deps
  return {
    getUser: params => user(context, params),

    getChainId: () => ({ chainId: session.lastChainId() }),

    async getSmartAccountEnabledNetworks() {
      return { smartAccountEnabledNetworks: await smartWallet.enabledNetworks() }
    },

    async setPreferredAccount({ type }) {
      const account = await wallet.require()
      state.preferred = type
      if (type === 'eoa') return { type, address: account.keyring.address }
      const smart = await activeSmart(context, account)
      if (!smart) {
        state.preferred = 'eoa'
        throw new Error(SMART_ACCOUNT_UNAVAILABLE(session.lastChainId()))
      }
      return { type, address: smart.address }
    },

    /** Deploys the smart account on the wallet's chain (a sponsored user operation) when it is not yet. */
    async initSmartAccount() {
      const { keyring } = await wallet.require()
      const chainId = session.lastChainId()
      if (!(await smartWallet.isEnabled(chainId))) throw new Error(SMART_ACCOUNT_UNAVAILABLE(chainId))
      await smartWallet.deploy(keyring.account, chainId)
      return { isDeployed: await smartWallet.isDeployed(keyring.account, chainId) }
    },

    switchNetwork({ chainId }) {
      const chain = parseChainId(chainId)
      if (chain.namespace === 'solana') {
        state.solanaChainId = chain.id
        return { chainId: chain.id }
      }
      session.setLastChainId(chain.id)
      return { chainId: chain.id }
    }
  }
}
