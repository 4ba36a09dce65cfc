/**
 * appkit-elements: wallet connection and payments as Lit custom elements.
 * This is the whole public API; everything else is internal.
 */
export { createAppKit, type AppKit, type ThemeSnapshot } from './app-kit.js'
export {
  AppKitOptionsError,
  type AppKitOptionsInput,
  type AppKitOptions,
  type NetworkInput,
  type ViemChainLike,
  type Features,
  type ThemeMode,
  type ThemeVariables
} from './config/options.js'
export { VIEW_NAMES, type ViewName } from './config/views.js'
export { defineNetwork, type NetworkDefinition } from './config/network-input.js'
export { LOCALES, type Locale } from './i18n/locales.js'
export { LOCALE_NAMES } from './i18n/locale-names.js'
export type { MessageOverrides } from './i18n/overrides.js'
export type { MessageId } from './i18n/catalog.js'
export type { CaipNetwork, ChainNamespace } from './networks/types.js'
export type { NamespaceAdapter, ConnectorInfo } from './adapters/types.js'
export type { PublicState } from './stores/public-state.js'
export type { KitEvent } from './stores/kit-events.js'
export type { GrantedSmartSession } from './stores/smart-sessions.js'
export type { SmartSession } from './api/schemas/index.js'
export type { PermissionRequest, GrantedPermissions } from './api/schemas/permissions.js'
export { setOnrampProviders } from './stores/onramp/set-providers.js'
export type { OnrampProviderName } from './config/constants.js'
export type { AccountState, ConnectionStatus } from './stores/account.js'
export type { WalletApi } from './wallet-api.js'
export type { NamespaceAccount, WalletInfo } from './stores/wallet-providers.js'
export type {
  AppKitEip1193Provider,
  Eip1193EventMap,
  Eip1193Event,
  Eip1193RequestArguments
} from './adapters/evm/wallet-provider.js'
export type { ProviderRpcError } from './errors/rpc-error.js'
export type {
  AppKitSolanaProvider,
  AnySolanaTransaction,
  SolanaSendOptions,
  SolanaProviderEventMap
} from './adapters/solana/solana-provider-types.js'
export type { ConnectorType } from './connectors/types.js'
export { ModalOpenEvent, ModalCloseEvent, ViewChangeEvent } from './events/modal-events.js'
export { createLocalSiwx, createBackendSiwx, type LocalSiwxOptions, type BackendSiwxOptions } from './siwx/factories.js'
export type { SiwxConfig, SiwxMessage, SiwxMessageInput, SiwxMessageData, SiwxSession, Cacao } from './siwx/types.js'
