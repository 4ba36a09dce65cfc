/**
 * The test page of test/wallets/*.test.ts: both test wallets, configured from the query string
 * (`?chainA=<rpc>&chainB=<rpc>&solana=<rpc>`, and `&atomic=1` for the Dev Wallet's atomic option), and `window.walletTest`, through which the tests
 * call them the way an app would: the EIP-1193 provider it found by EIP-6963, and the Solana wallet
 * it found with the Wallet Standard's getWallets(). Results cross to the test as plain JSON.
 */
import { getWallets, type Wallet, type WalletAccount } from '@wallet-standard/core'
import { installDevWallet, type DevWalletChain } from '../../../local/wallets/dev-wallet/index.js'
import { installSolanaTestWallet, encodeBase58 } from '../../../local/wallets/solana-test-wallet/index.js'

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
}

const query = new URLSearchParams(location.search)
const announced: { uuid: string; name: string; rdns: string; icon: string }[] = []
let announcedProvider: Eip1193 | undefined
window.addEventListener('eip6963:announceProvider', event => {
  const detail = (event as CustomEvent<{ info: (typeof announced)[number]; provider: Eip1193 }>).detail
  announced.push({ ...detail.info })
  announcedProvider ??= detail.provider
})

const chains: DevWalletChain[] = []
if (query.get('chainA')) chains.push({ chainId: 31337, rpcUrl: query.get('chainA')!, name: 'Local A' })
if (query.get('chainB')) chains.push({ chainId: 31338, rpcUrl: query.get('chainB')!, name: 'Local B' })
installDevWallet({ ...(chains.length ? { chains } : {}), ...(query.get('atomic') === '1' ? { atomic: true } : {}) })
installSolanaTestWallet(query.get('solana') ? { rpcUrl: query.get('solana')! } : {})

const events: { event: string; args: unknown[] }[] = []
for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
  announcedProvider?.on(event, (...args) => events.push({ event, args: JSON.parse(JSON.stringify(args)) }))
}

type Outcome<T> = { result: T } | { error: { code?: number; message: string } }
async function outcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { result: await work() }
  } catch (error) {
    const { code, message } = error as { code?: number; message?: string }
    return { error: { code, message: message ?? String(error) } }
  }
}

function solanaWallet(): Wallet {
  const wallet = getWallets()
    .get()
    .find(candidate => candidate.name === 'AppKit Solana Test Wallet')
  if (!wallet) throw new Error('the Solana test wallet is not registered')
  return wallet
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- feature objects are looked up by name
const feature = (name: string): any => (solanaWallet().features as Record<string, unknown>)[name]
const account = (): WalletAccount => {
  const found = solanaWallet().accounts[0]
  if (!found) throw new Error('not connected')
  return found
}
const solanaChanges: unknown[] = []

const walletTest = {
  announced,
  events,
  announce: () => window.dispatchEvent(new Event('eip6963:requestProvider')),
  request: (method: string, params?: unknown) =>
    outcome(() => {
      if (!announcedProvider) throw new Error('no provider was announced')
      return announcedProvider.request(params === undefined ? { method } : { method, params })
    }),
  solana: {
    describe: () => {
      const wallet = solanaWallet()
      return {
        name: wallet.name,
        version: wallet.version,
        icon: wallet.icon,
        chains: [...wallet.chains],
        features: Object.keys(wallet.features),
        accounts: wallet.accounts.map(a => a.address)
      }
    },
    listen: () => {
      feature('standard:events').on(
        'change',
        (properties: { accounts?: readonly WalletAccount[]; chains?: readonly string[] }) =>
          solanaChanges.push({
            accounts: properties.accounts?.map(a => a.address),
            chains: properties.chains && [...properties.chains]
          })
      )
    },
    changes: solanaChanges,
    connect: (silent = false) =>
      outcome(async () => {
        const { accounts } = await feature('standard:connect').connect({ silent })
        return (accounts as WalletAccount[]).map(a => ({
          address: a.address,
          publicKey: Array.from(a.publicKey),
          chains: [...a.chains]
        }))
      }),
    disconnect: () => outcome(() => feature('standard:disconnect').disconnect()),
    signAndSend: (transaction: number[], chain: string, options?: object) =>
      outcome(async () => {
        const [output] = await feature('solana:signAndSendTransaction').signAndSendTransaction({
          account: account(),
          chain,
          transaction: Uint8Array.from(transaction),
          ...(options ? { options } : {})
        })
        return encodeBase58(output.signature)
      }),
    signTransaction: (transaction: number[]) =>
      outcome(async () => {
        const [output] = await feature('solana:signTransaction').signTransaction({
          account: account(),
          transaction: Uint8Array.from(transaction)
        })
        return Array.from(output.signedTransaction as Uint8Array)
      }),
    signMessage: (text: string) =>
      outcome(async () => {
        const [output] = await feature('solana:signMessage').signMessage({
          account: account(),
          message: new TextEncoder().encode(text)
        })
        return {
          signature: Array.from(output.signature as Uint8Array),
          signedMessage: new TextDecoder().decode(output.signedMessage)
        }
      })
  }
}

Object.assign(window, { walletTest })
document.body.dataset.ready = 'true'
