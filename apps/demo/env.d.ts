/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The backend the kit calls (blockchain API, wallet catalog); default http://127.0.0.1:8787. */
  readonly VITE_APPKIT_API_URL?: string
  readonly VITE_APPKIT_FRAME_URL?: string
  /** The project id sent with every call; default `appkit-local`. */
  readonly VITE_APPKIT_PROJECT_ID?: string
  /** JSON-RPC of local chain A (31337), B (31338) and the Solana runtime, for the networks and the test wallets. */
  readonly VITE_APPKIT_CHAIN_A_RPC?: string
  readonly VITE_APPKIT_CHAIN_B_RPC?: string
  readonly VITE_APPKIT_SOLANA_RPC?: string
  /** The local Bitcoin regtest node (its JSON-RPC and Esplora REST API on one URL); default http://127.0.0.1:18443. */
  readonly VITE_APPKIT_BITCOIN_URL?: string
  /** A WalletConnect relay (ws:// or wss://); unset, WalletConnect is off in the demo. */
  readonly VITE_APPKIT_RELAY_URL?: string
  /** `false` leaves the test wallets off the page. */
  readonly VITE_APPKIT_TEST_WALLETS?: string
}
