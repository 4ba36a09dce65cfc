// Smart sessions, the page's side (docs/behaviour.md sections 6 and 9; docs/guides/smart-sessions.md):
// off unless the app sets features.smartSessions. The kit's actions refuse without it, without the
// backend, and without the embedded wallet connected; the kit's AuthClient refuses both methods
// before the frame shows; the real frame page (fixture/frame.html) hears the app's choice in
// syncDappData and refuses too, and with it on asks for the smart account (this frame's visitor is on
// the EOA). Granting, spending and revoking for real: test/server/frame-smart-sessions.test.ts (the
// frame, the backend, the chain) and test/e2e/smart-account.test.mjs (the demo page).
import { expect } from '@open-wc/testing'
import { PERMISSIONS_NEED_SMART_ACCOUNT } from '../../../service/frame/permissions.js'
import { parseOptions } from '../../../src/config/options.js'
import { AuthClient } from '../../../src/connectors/auth/auth-client.js'
import { SMART_SESSIONS_OFF } from '../../../src/frame/rpc-methods.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import {
  grantPermissions,
  revokePermissions,
  smartSessions,
  SMART_SESSIONS_NEED_BACKEND,
  SMART_SESSIONS_NEED_EMBEDDED_WALLET
} from '../../../src/stores/smart-sessions.js'
import { dialogChanges } from '../email/support.js'
import { rejection } from '../rejection.js'
import { LOGIN_CODE } from './fake-backend.js'

const FRAME_URL = `http://127.0.0.1:${location.port}/test/browser/frame-page/fixture/frame.html`
const CONTEXT = `0x${'ab'.repeat(48)}`

const request = {
  chainId: '0x7a69',
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { id: '0x000000000000000000000000000000000000dEaD' } },
  permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }]
} as const

describe('smart sessions on the page (docs/behaviour.md sections 6 and 9)', () => {
  let client: AuthClient | undefined
  afterEach(() => {
    client?.close()
    client = undefined
    resetOptions()
  })

  it('the kit’s actions refuse while features.smartSessions is off (the default), without a backend, and without the embedded wallet', async () => {
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA], apiUrl: 'http://127.0.0.1:9' }))
    for (const call of [() => grantPermissions(request), () => revokePermissions(CONTEXT), () => smartSessions()]) {
      expect((await rejection(call()))?.message).to.equal(SMART_SESSIONS_OFF)
    }
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA], features: { smartSessions: true } }))
    expect((await rejection(grantPermissions(request)))?.message).to.equal(SMART_SESSIONS_NEED_BACKEND)
    setOptions(
      parseOptions({
        projectId: 'p',
        networks: [localChainA],
        apiUrl: 'http://127.0.0.1:9',
        features: { smartSessions: true }
      })
    )
    for (const call of [() => grantPermissions(request), () => revokePermissions(CONTEXT), () => smartSessions()]) {
      expect((await rejection(call()))?.message).to.equal(SMART_SESSIONS_NEED_EMBEDDED_WALLET)
    }
  })

  async function loggedIn(smartSessionsOn: boolean): Promise<AuthClient> {
    client = new AuthClient({
      frameUrl: FRAME_URL,
      projectId: 'demo',
      title: 'Secure wallet',
      timeouts: { readyDelay: 0 },
      appData: {
        sdkVersion: 'test',
        sdkType: 'appkit',
        projectId: 'demo',
        ...(smartSessionsOn ? { smartSessions: true } : {})
      }
    })
    await client.request('connectEmail', { email: 'visitor@example.com' })
    await client.request('connectOtp', { otp: LOGIN_CODE })
    return client
  }

  it('the AuthClient refuses both methods before the frame shows when the app left them off', async () => {
    const frame = await loggedIn(false)
    const changes = dialogChanges(frame.frame.dialog)
    expect((await rejection(frame.rpc('wallet_grantPermissions', [request])))?.message).to.equal(SMART_SESSIONS_OFF)
    expect((await rejection(frame.rpc('wallet_revokePermissions', [{ context: CONTEXT }])))?.message).to.equal(
      SMART_SESSIONS_OFF
    )
    expect(changes).to.deep.equal([])
    // The frame refuses them too, whoever asks it (its own check, from syncDappData).
    const asked = await rejection(
      frame.request('rpcRequest', { method: 'wallet_grantPermissions', params: [request], chainNamespace: 'eip155' })
    )
    expect(asked?.message).to.equal(SMART_SESSIONS_OFF)
  })

  it('with smart sessions on, the frame takes the request and asks for the smart account (its visitor is on the EOA)', async () => {
    const frame = await loggedIn(true)
    expect((await rejection(frame.rpc('wallet_grantPermissions', [request])))?.message).to.equal(
      PERMISSIONS_NEED_SMART_ACCOUNT
    )
  })
})
