import type { BackendSiwxOptions } from './backend-siwx.js'
import type { LocalSiwxOptions } from './local-siwx.js'
import type { SiwxConfig } from './types.js'

export type { BackendSiwxOptions, LocalSiwxOptions }

/**
 * The shipped SIWX implementations as the app creates them: the options are read at once
 * (required, statement), the implementation's code loads on the first call, after the visitor
 * connects, so a page pays nothing for sign-in before it is used.
 */
function lazySiwx(
  options: { readonly required?: boolean; readonly statement?: string },
  load: () => Promise<SiwxConfig>
): SiwxConfig {
  let implementation: Promise<SiwxConfig> | undefined
  const get = () => (implementation ??= load())
  return {
    ...(options.statement ? { statement: options.statement } : {}),
    getRequired: () => options.required ?? false,
    createMessage: async input => (await get()).createMessage(input),
    addSession: async session => (await get()).addSession(session),
    getSessions: async (chainId, address) => (await get()).getSessions(chainId, address),
    revokeSession: async (chainId, address) => (await get()).revokeSession(chainId, address),
    setSessions: async sessions => (await get()).setSessions(sessions)
  }
}

/** Sign-in kept in this browser, verified here (see src/siwx/local-siwx.ts). */
export function createLocalSiwx(options: LocalSiwxOptions = {}): SiwxConfig {
  return lazySiwx(options, async () => (await import('./local-siwx.js')).createLocalSiwxNow(options))
}

/** Sign-in kept and verified by the backend (see src/siwx/backend-siwx.ts). */
export function createBackendSiwx(options: BackendSiwxOptions): SiwxConfig {
  return lazySiwx(options, async () => (await import('./backend-siwx.js')).createBackendSiwxNow(options))
}
