/**
 * appkit-elements/react: React components for the kit's public elements (generated from
 * custom-elements.json), hooks over its state, and the core API (createAppKit and its types).
 */
export * from '../src/index.js'
export * from './components.js'
export * from './hooks/index.js'
