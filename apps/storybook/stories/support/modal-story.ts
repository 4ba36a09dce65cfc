/** A story of the modal opened on one view, with the stores seeded from test/fixtures. */
import type { StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import type { ViewName } from '../../../../src/config/views.js'
import '../../../../src/elements/w3m-modal.js'
import { expectModalView } from './expect-view.js'
import { openModalOn, type Seed } from './seed.js'

/** The story's name is its export's name (Storybook's indexer cannot read a name from a call). */
export function modalStory(view: ViewName, seed: Seed = {}, check?: (viewElement: HTMLElement) => void): StoryObj {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      openModalOn(view, seed)
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const viewElement = await expectModalView(canvasElement, view)
      // A check may look inside a part that loads on its own (the Activity list): it is retried until it passes.
      if (check) await waitFor(() => check(viewElement), { timeout: 5000 })
    }
  }
}
