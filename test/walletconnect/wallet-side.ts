/**
 * The wallet side of WalletConnect for the end-to-end tests: the real wallet SDK (@reown/walletkit
 * over @walletconnect/core) in the test process, on the local relay. It pairs from a URI, and
 * approves or rejects the next proposal with the given accounts.
 */
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, buildAuthObject, formatMessage, getSdkError } from '@walletconnect/utils'
import type { AuthTypes } from '@walletconnect/types'
import { privateKeyToAccount } from 'viem/accounts'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'

type Wallet = Awaited<ReturnType<typeof WalletKit.init>>
const EVENT_TIMEOUT_MS = 20_000

export interface TestWalletKit {
  readonly kit: Wallet
  /**
   * Pairs with `uri` and answers the proposal that arrives: approved with `accounts` (CAIP-10), or
   * rejected. With `signIn`, a sign-in request in the proposal (one-click authentication) is answered
   * with a CACAO per request, the message written by the SDK's own formatter and signed (EIP-191)
   * with that key for the first eip155 account. `sessionProperties` go with the approval (a Bitcoin
   * wallet's bip122_getAccountAddresses); `methods` narrows what it approves on a namespace (all the
   * proposal asks by default).
   */
  pairAndAnswer(
    uri: string,
    answer:
      | {
          accounts: readonly string[]
          signIn?: `0x${string}`
          sessionProperties?: Record<string, string>
          methods?: Partial<Record<string, string[]>>
        }
      | 'reject'
  ): Promise<{ authRequests: readonly unknown[] }>
  nextEvent<E extends WalletKitTypes.Event>(event: E): Promise<WalletKitTypes.EventArguments[E]>
  stop(): Promise<void>
}

let count = 0

export async function startTestWalletKit(relayUrl: string): Promise<TestWalletKit> {
  const core = new Core({
    projectId: 'local-test',
    relayUrl,
    customStoragePrefix: `e2e-wallet-${process.pid}-${++count}`,
    telemetryEnabled: false,
    logger: 'fatal'
  })
  const kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Test WalletKit',
      description: 'The wallet side in the tests',
      url: 'http://127.0.0.1',
      icons: []
    }
  })

  function nextEvent<E extends WalletKitTypes.Event>(event: E): Promise<WalletKitTypes.EventArguments[E]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS)
      kit.once(event, (args: WalletKitTypes.EventArguments[E]) => {
        clearTimeout(timer)
        resolve(args)
      })
    })
  }

  return {
    kit,
    nextEvent,
    async pairAndAnswer(uri, answer) {
      const proposalSeen = nextEvent('session_proposal')
      await kit.pair({ uri })
      const proposal = await proposalSeen
      const authRequests =
        (proposal.params as { requests?: { authentication?: AuthTypes.AuthenticateParams[] } }).requests
          ?.authentication ?? []
      if (answer === 'reject') {
        await kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
        return { authRequests }
      }
      const supportedNamespaces: Record<
        string,
        { chains: string[]; methods: string[]; events: string[]; accounts: string[] }
      > = {}
      for (const [namespace, wanted] of Object.entries(proposal.params.optionalNamespaces)) {
        const accounts = answer.accounts.filter(account => account.startsWith(`${namespace}:`))
        if (accounts.length === 0) continue
        supportedNamespaces[namespace] = {
          chains: [...new Set(accounts.map(account => account.split(':').slice(0, 2).join(':')))],
          methods: answer.methods?.[namespace] ?? wanted.methods,
          events: wanted.events,
          accounts
        }
      }
      const namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces })
      const signer = answer.signIn ? privateKeyToAccount(answer.signIn) : undefined
      const evmAccount = answer.accounts.find(account => account.startsWith('eip155:'))
      const authentication =
        signer && evmAccount
          ? await Promise.all(
              authRequests.map(async request => {
                const iss = `did:pkh:${evmAccount}`
                const payload = { ...request, chains: request.chains } as unknown as AuthTypes.PayloadParams
                const message = formatMessage(payload, iss)
                return buildAuthObject(payload, { t: 'eip191', s: await signer.signMessage({ message }) }, iss)
              })
            )
          : undefined
      await kit.approveSession({
        id: proposal.id,
        namespaces,
        ...(answer.sessionProperties ? { sessionProperties: answer.sessionProperties } : {}),
        ...(authentication ? { proposalRequestsResponses: { authentication } } : {})
      })
      return { authRequests }
    },
    async stop() {
      core.heartbeat.stop()
      await core.relayer.transportClose()
    }
  }
}
