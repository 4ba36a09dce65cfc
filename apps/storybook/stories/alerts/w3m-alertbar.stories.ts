import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/w3m-alertbar.js'
import { $alert, type AlertId } from '../../../../src/stores/alert.js'
import { expectShadowText } from '../support/shadow-text.js'

/**
 * The alert bar at the top of the modal: one of the seven alerts of docs/behaviour.md section 8, with what
 * the app's developer can do. The checker runs each in light and dark, left-to-right and right-to-left.
 */
const meta = {
  title: 'Alerts/w3m-alertbar',
  component: 'w3m-alertbar',
  render: () => html`<div style="max-width: 360px"><w3m-alertbar></w3m-alertbar></div>`
} satisfies Meta

export default meta
type Story = StoryObj

function alertStory(id: AlertId, title: string, subject = ''): Story {
  return {
    decorators: [
      story => {
        $alert.set({ id, subject })
        return story()
      }
    ],
    play: async ({ canvasElement }) =>
      expectShadowText(canvasElement, 'w3m-alertbar', '[data-testid=w3m-alert-title]', title)
  }
}

export const NetworkNotFound = alertStory('network-not-found', 'Network Not Found', 'eip155:424242')
export const InvalidAppConfiguration = alertStory(
  'invalid-app-configuration',
  'Invalid App Configuration',
  'https://shop.example'
)
export const EmbeddedWalletLoadFailed = alertStory(
  'embedded-wallet-load-failed',
  'Network Error - Could not load embedded wallet'
)
export const EmbeddedWalletTimeout = alertStory('embedded-wallet-timeout', 'Embedded Wallet Request Timed Out')
export const SessionExpired = alertStory('session-expired', 'Session Expired')
export const InvalidProjectId = alertStory('invalid-project-id', 'Invalid Project ID', 'appkit-unknown')
export const ProjectIdNotConfigured = alertStory('project-id-not-configured', 'Project ID Not Configured')
