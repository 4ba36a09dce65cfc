/**
 * The wagmi example (issue 31): the React example's build (apps/examples/react/vite.config.ts: the
 * package's exports resolved to the built dist/, `appkit-elements/wagmi` included) with this page
 * as its root, built to apps/examples/wagmi/dist/ and served by local/stack/serve.mjs at
 * /examples/wagmi/. `npx vite build -c apps/examples/wagmi/vite.config.ts`, after `npm run build`.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig } from 'vite'
import reactExample from '../react/vite.config.js'

export default mergeConfig(reactExample, defineConfig({ root: fileURLToPath(new URL('.', import.meta.url)) }))
