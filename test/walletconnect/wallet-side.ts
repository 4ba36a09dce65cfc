/**
 * The wallet side of WalletConnect for the end-to-end tests: the real wallet SDK (@reown/walletkit
 * over @walletconnect/core) in the test process, on the local relay. It pairs from a URI, and
 * approves or rejects the next proposal with the given accounts.
 */
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'

type Wallet = Awaited<ReturnType<typeof WalletKit.init>>
const EVENT_TIMEOUT_MS = 20_000

export interface TestWalletKit {
  readonly kit: Wallet
  /** Pairs with `uri` and answers the proposal that arrives: approved with `accounts` (CAIP-10), or rejected. */
  pairAndAnswer(uri: string, answer: { accounts: readonly string[] } | 'reject'): Promise<void>
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
      if (answer === 'reject') {
        await kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
        return
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
          methods: wanted.methods,
          events: wanted.events,
          accounts
        }
      }
      const namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces })
      await kit.approveSession({ id: proposal.id, namespaces })
    },
    async stop() {
      core.heartbeat.stop()
      await core.relayer.transportClose()
    }
  }
}
