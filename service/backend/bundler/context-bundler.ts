// The backend's one bundler (and its paymaster) per server context: the frame's route
// (POST /frame-api/bundler) and the apps' route for smart sessions (POST /v1/bundler) send through
// the same bundler key, so they share its per-chain send queue and its nonces stay in order.
import type { Address, Hex } from 'viem'
import type { ServerContext } from '../context.js'
import { createBundler, type Bundler } from './bundler.js'
import { createPaymasterService } from './paymaster.js'

const bundlers = new WeakMap<ServerContext, Bundler>()

export function contextBundler(context: ServerContext): Bundler {
  let bundler = bundlers.get(context)
  if (!bundler) {
    bundler = createBundler({
      chains: context.chains,
      entryPoint: context.config.entryPoint as Address,
      key: context.config.bundlerKey as Hex,
      paymaster: createPaymasterService({
        paymaster: context.config.paymaster as Address,
        entryPoint: context.config.entryPoint as Address,
        key: context.config.paymasterKey as Hex
      })
    })
    bundlers.set(context, bundler)
  }
  return bundler
}
