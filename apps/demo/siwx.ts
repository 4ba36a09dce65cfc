/**
 * The demo's sign-in (SIWX), chosen per page load by query parameters (apps/demo/README.md):
 *   ?siwx=local      sessions kept and verified in this browser (createLocalSiwx)
 *   ?siwx=backend    sessions kept and verified by the backend (createBackendSiwx)
 *   &siwx-required=1 the visitor must sign in (the modal will not close unsigned; Cancel disconnects)
 * Without `siwx` the demo does not ask for sign-in.
 */
import { createBackendSiwx, createLocalSiwx, type AppKitOptionsInput } from 'appkit-elements'
import { demoConfig, demoNetworks } from './config.js'

const STATEMENT = 'Sign in to the appkit-elements demo'

export function demoSiwx(search: string = location.search): Pick<AppKitOptionsInput, 'siwx'> {
  const query = new URLSearchParams(search)
  const required = query.get('siwx-required') === '1'
  switch (query.get('siwx')) {
    case 'local':
      return { siwx: createLocalSiwx({ required, statement: STATEMENT, networks: demoNetworks }) }
    case 'backend':
      return {
        siwx: createBackendSiwx({
          apiUrl: demoConfig.apiUrl,
          projectId: demoConfig.projectId,
          required,
          statement: STATEMENT
        })
      }
    default:
      return {}
  }
}
