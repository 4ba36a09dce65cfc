/**
 * The script-tag entry: `<script type="module" src=".../appkit-elements.js">` (or the single-file
 * `appkit-elements.classic.js`) puts everything a plain page needs on `window.AppKit`:
 *
 *   const { createAppKit, evmAdapter, localChainA } = window.AppKit
 *   createAppKit({ projectId, adapters: [evmAdapter()], networks: [localChainA] })
 *
 * Importing the kit defines its elements (<appkit-button>, <appkit-network-button>, <w3m-modal>);
 * the modal's views still load on first use, as chunks beside this file (dist/chunks/, or
 * dist/classic/ for the classic file).
 */
import {
  AppKitOptionsError,
  VIEW_NAMES,
  createAppKit,
  createBackendSiwx,
  createLocalSiwx,
  defineNetwork
} from './index.js'
import { bitcoinAdapter } from './adapters/bitcoin/index.js'
import { evmAdapter } from './adapters/evm/index.js'
import { solanaAdapter } from './adapters/solana/index.js'
import type * as Definitions from './networks/definitions.js'
import {
  bitcoin,
  bitcoinTestnet,
  bsc,
  localChainA,
  localChainB,
  mainnet,
  solana,
  solanaDevnet,
  solanaLocal,
  solanaTestnet
} from './networks/definitions.js'

/**
 * Every network definition, by name. A plain object rather than `import * as`: a module namespace
 * object needs the bundler's runtime helper, a chunk of its own in the first load (issue 35). The
 * type makes leaving out a network of definitions.ts a compile error.
 */
const networks: { readonly [Name in keyof typeof Definitions]: (typeof Definitions)[Name] } = Object.freeze({
  bitcoin,
  bitcoinTestnet,
  bsc,
  localChainA,
  localChainB,
  mainnet,
  solana,
  solanaDevnet,
  solanaLocal,
  solanaTestnet
})

/** What the script tag puts on `window.AppKit`. */
const AppKit = Object.freeze({
  createAppKit,
  AppKitOptionsError,
  VIEW_NAMES,
  defineNetwork,
  createLocalSiwx,
  createBackendSiwx,
  evmAdapter,
  solanaAdapter,
  bitcoinAdapter,
  networks,
  ...networks
})

declare global {
  interface Window {
    AppKit: typeof AppKit
  }
}

if (typeof window !== 'undefined') window.AppKit = AppKit
