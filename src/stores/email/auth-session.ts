// The embedded wallet's frame and connector, created once per page (this module is its own chunk:
// it loads only when the visitor uses the e-mail login, or used it before). Its problems become
// alerts and kit events; the app's data (its networks too) goes to the frame first, and the theme
// follows the modal into the frame.
import { AuthClient } from '../../connectors/auth/auth-client.js'
import { appNetworks } from '../../connectors/auth/app-networks.js'
import { createAuthConnectors } from '../../connectors/auth/auth-connectors.js'
import type { Connector } from '../../connectors/types.js'
import { SDK_TYPE, SDK_VERSION } from '../../config/constants.js'
import type { FrameProblem } from '../../frame/frame-channel.js'
import {
  storedConnectedSocial,
  storedEmail,
  storedEmailLoginUsed,
  storedLastEmailLoginTime,
  storedSocialUsername
} from '../../storage/keys.js'
import { showAlert } from '../alert.js'
import { publishConnectors, registerAuthConnectors } from '../connect/connectors.js'
import { emitKitEvent } from '../kit-events.js'
import { $options } from '../options.js'
import { preferredEvmAccountType } from '../account/preferred-account-types.js'
import { $resolvedThemeMode, $theme } from '../theme.js'
import { EMAIL_DEPENDENCY_FAILED } from './texts.js'

let client: AuthClient | undefined
let connectors: readonly Connector[] = []
let stopSync: (() => void)[] = []

/** The login cache (docs/behaviour.md section 4; a social login's provider and user name too): cleared on sign-out and when the frame says it is logged out. */
export function clearLoginCache(): void {
  storedEmail.remove()
  storedEmailLoginUsed.remove()
  storedLastEmailLoginTime.remove()
  storedConnectedSocial.remove()
  storedSocialUsername.remove()
}

/** A frame problem as the spec has it: its alert, and an event on the kit's stream for the app. */
export function reportFrameProblem(problem: FrameProblem): void {
  showAlert(problem === 'iframe_load_failed' ? 'embedded-wallet-load-failed' : 'embedded-wallet-timeout')
  emitKitEvent('EMBEDDED_WALLET_ERROR', { error: problem })
}

/** The frame's login ended on its backend while in use: the spec's alert, and the login cache goes. */
function endExpiredLogin(): void {
  showAlert('session-expired')
  clearLoginCache()
}

/** Sends the modal's theme to the frame, now and whenever it changes. */
function syncWithFrame(frame: AuthClient): void {
  const sendTheme = () => {
    const { themeVariables } = $theme.get()
    void frame
      .request('syncTheme', { themeMode: $resolvedThemeMode.get(), themeVariables: { ...themeVariables } })
      .catch((error: unknown) => console.warn('[appkit] The embedded wallet did not take the theme:', error))
  }
  sendTheme()
  stopSync = [$theme.listen(sendTheme), $resolvedThemeMode.listen(sendTheme)]
}

/**
 * The frame (created on first use) and its connector, registered with the kit's connectors.
 * Throws 'Unable to load email login dependency' when the app has no frame URL.
 */
export function authClient(): AuthClient {
  if (client) return client
  const options = $options.get()
  if (!options?.frameUrl) throw new Error(EMAIL_DEPENDENCY_FAILED)
  const created = new AuthClient({
    frameUrl: options.frameUrl,
    projectId: options.projectId,
    title: 'Secure wallet',
    onProblem: reportFrameProblem,
    onSessionExpired: endExpiredLogin,
    // The app's data goes first: its networks' RPC URLs and its default network (service/frame/README.md).
    appData: {
      ...(options.metadata ? { metadata: options.metadata } : {}),
      sdkVersion: SDK_VERSION,
      sdkType: SDK_TYPE,
      projectId: options.projectId,
      ...appNetworks(options.networks, options.defaultNetwork),
      smartSessions: options.features.smartSessions
    }
  })
  client = created
  connectors = createAuthConnectors({
    client: created,
    onSignedOut: clearLoginCache,
    preferredAccountType: preferredEvmAccountType
  })
  registerAuthConnectors(() => connectors)
  publishConnectors()
  // The theme once the frame is ready; after a load failure, once it is loaded again.
  const syncWhenReady = (): void =>
    void created.whenReady().then(
      () => syncWithFrame(created),
      () => {
        if (client === created) syncWhenReady()
      }
    )
  syncWhenReady()
  return created
}

/** Takes the frame out of the page (tests, and a kit that is torn down). */
export function closeAuthSession(): void {
  stopSync.forEach(stop => stop())
  stopSync = []
  client?.close()
  client = undefined
  connectors = []
}
