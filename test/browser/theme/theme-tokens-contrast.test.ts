import { expect } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import { resetTheme, setThemeVariables } from '../../../src/stores/theme.js'
import { contrastRatio } from './contrast.js'
import { focusRingColours, renderThemed, tokenColour } from './support.js'

const BACKGROUNDS = ['--w3m-color-bg', '--w3m-color-surface', '--w3m-color-surface-hover'] as const

/** Text colours and the backgrounds they sit on (WCAG 1.4.3: 4.5:1). */
const TEXT_PAIRS: readonly [string, readonly string[]][] = [
  ['--w3m-color-fg', BACKGROUNDS],
  ['--w3m-color-fg-muted', BACKGROUNDS],
  ['--w3m-color-error', ['--w3m-color-bg', '--w3m-color-surface']],
  ['--w3m-color-success', ['--w3m-color-bg', '--w3m-color-surface']]
]

/** Parts that identify a control or its state (WCAG 1.4.11: 3:1). */
const UI_PAIRS: readonly [string, readonly string[]][] = [
  ['--w3m-color-border-control', BACKGROUNDS],
  ['--w3m-color-accent-indicator', BACKGROUNDS]
]

/** Every text pair reaches 4.5:1. */
function expectReadableText(el: Element, label: string): void {
  for (const [text, backgrounds] of TEXT_PAIRS) {
    for (const background of backgrounds) {
      const ratio = contrastRatio(tokenColour(el, text), tokenColour(el, background))
      expect(ratio, `${text} on ${background}, ${label}`).to.be.at.least(4.5)
    }
  }
}

describe('theme tokens: contrast in both themes', () => {
  beforeEach(() => resetTheme())
  afterEach(async () => {
    resetTheme()
    await emulateMedia({ colorScheme: 'light' })
  })

  for (const mode of ['light', 'dark'] as const) {
    describe(`${mode} theme`, () => {
      for (const [text, backgrounds] of TEXT_PAIRS) {
        it(`${text} reaches 4.5:1 on ${backgrounds.join(', ')}`, async () => {
          const el = await renderThemed(mode)
          for (const background of backgrounds) {
            const ratio = contrastRatio(tokenColour(el, text), tokenColour(el, background))
            expect(ratio, `${text} on ${background}`).to.be.at.least(4.5)
          }
          await expect(el).to.be.accessible()
        })
      }

      for (const [part, backgrounds] of UI_PAIRS) {
        it(`${part} reaches 3:1 against ${backgrounds.join(', ')}`, async () => {
          const el = await renderThemed(mode)
          for (const background of backgrounds) {
            const ratio = contrastRatio(tokenColour(el, part), tokenColour(el, background))
            expect(ratio, `${part} against ${background}`).to.be.at.least(3)
          }
          await expect(el).to.be.accessible()
        })
      }

      it('the focus ring: a bg-coloured gap, then a ring of 3:1 against every background', async () => {
        const el = await renderThemed(mode)
        const [gap, ring] = focusRingColours(el)
        expect(gap).to.equal(tokenColour(el, '--w3m-color-bg'))
        for (const background of BACKGROUNDS) {
          const ratio = contrastRatio(ring!, tokenColour(el, background))
          expect(ratio, `focus ring against ${background}`).to.be.at.least(3)
        }
        await expect(el).to.be.accessible()
      })

      it('under a tint of 10% (--w3m-color-mix), any colour: text 4.5:1, focus ring 3:1', async () => {
        const el = await renderThemed(mode)
        for (const mix of ['#00bb7f', '#ff3b30', '#7a3cff', '#0000ff', '#ffd400', '#000000', '#ffffff']) {
          setThemeVariables({ '--w3m-color-mix': mix, '--w3m-color-mix-strength': '10%' })
          expectReadableText(el, `tinted 10% with ${mix}`)
          const [, ring] = focusRingColours(el)
          for (const background of BACKGROUNDS) {
            const ratio = contrastRatio(ring!, tokenColour(el, background))
            expect(ratio, `focus ring against ${background} tinted with ${mix}`).to.be.at.least(3)
          }
        }
        await expect(el).to.be.accessible()
      })

      it('under a strong brand tint of 40%, the text follows the tinted backgrounds: 4.5:1', async () => {
        const el = await renderThemed(mode)
        for (const mix of ['#00bb7f', '#ff3b30', '#7a3cff', '#3b6cf6']) {
          setThemeVariables({ '--w3m-color-mix': mix, '--w3m-color-mix-strength': '40%' })
          expectReadableText(el, `tinted 40% with ${mix}`)
        }
        await expect(el).to.be.accessible()
      })
    })
  }
})
