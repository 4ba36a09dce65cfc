// A React root in a fresh container, for the React tests; unmount() removes both.
import { createRoot, type Root } from 'react-dom/client'

export interface TestRoot {
  readonly container: HTMLElement
  readonly root: Root
  unmount(): void
}

export function createTestRoot(): TestRoot {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  return {
    container,
    root,
    unmount: () => {
      root.unmount()
      container.remove()
    }
  }
}
