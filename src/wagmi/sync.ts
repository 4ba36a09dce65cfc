/**
 * Keeps wagmi's state in step with the kit's eip155 connection (issue 31). One idempotent
 * comparison, run whenever the kit's connections change and whenever wagmi's status does: the kit
 * has a connection wagmi lacks -> `connect`; both, with other accounts or chain -> `change`; wagmi
 * has one the kit ended -> `disconnect`. Decided by wagmi's state, not by the kit's last value:
 * wagmi drops a `connect` while it is (re)connecting, and the status change that ends it runs the
 * comparison again. The kit's storage is the only one: wagmi's holds nothing (index.ts).
 */
import type { Config, Connector } from '@wagmi/core'
import { toHexChainId, type Eip1193Handle } from '../adapters/evm/wallet-provider.js'
import { accountsOf } from './bridge-connector.js'
import type { KitPort } from './kit-port.js'

/** Starts following the kit; returns the function that stops it. */
export function keepInStep(config: Config, connector: Connector, port: KitPort, provider: Eip1193Handle): () => void {
  const { emitter, uid } = connector
  let told: { accounts: string; chainId: number } | undefined
  function sync(): void {
    const session = port.session()
    const { status, connections } = config.state
    const connection = connections.get(uid)
    if (session) {
      const accounts = accountsOf(session)
      if (!connection) {
        if (status !== 'connecting' && status !== 'reconnecting')
          emitter.emit('connect', { accounts, chainId: session.chainId })
      } else if (connection.accounts.join() !== accounts.join() || connection.chainId !== session.chainId) {
        emitter.emit('change', { accounts, chainId: session.chainId })
      }
      tell({ accounts: accounts.join(), chainId: session.chainId }, accounts)
    } else {
      if (connection) emitter.emit('disconnect')
      // The provider lives as long as the page: the end of a connection empties its accounts (EIP-1193).
      if (told) provider.emit('accountsChanged', [])
      told = undefined
    }
  }
  /** The connector's provider raises what moved for code that listens to it directly. */
  function tell(now: { accounts: string; chainId: number }, accounts: readonly string[]): void {
    const before = told
    told = now
    if (!before) return
    if (before.accounts !== now.accounts) provider.emit('accountsChanged', [...accounts])
    if (before.chainId !== now.chainId) provider.emit('chainChanged', toHexChainId(now.chainId))
  }
  const stops = [port.subscribe(sync), config.subscribe(state => state.status, sync)]
  sync()
  return () => stops.forEach(stop => stop())
}
