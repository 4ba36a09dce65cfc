/**
 * The demo app: the kit's React components in the header, its hooks' values live in panels, a
 * button per public view, a theme switch, and the test wallets' state. Only the public API.
 */
import { useEffect, useId, useState, type ReactNode } from 'react'
import { LOCALES, LOCALE_NAMES, VIEW_NAMES, type Locale, type ViewName } from 'appkit-elements'
import {
  AppKitButton,
  AppKitNetworkButton,
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitSIWX,
  useAppKitLocale,
  useAppKitNetwork,
  useAppKitState,
  useAppKitTheme
} from 'appkit-elements/react'
import { demoConfig, demoNetworks } from './config.js'
import type { TestWallets } from './wallets.js'

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

function Field({ name, value, testId }: { name: string; value: unknown; testId: string }) {
  return (
    <div className="field">
      <dt>{name}</dt>
      <dd data-testid={testId}>{show(value)}</dd>
    </div>
  )
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId()
  return (
    <section className="panel" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function AccountPanel() {
  const { address, caipAddress, isConnected, status } = useAppKitAccount()
  return (
    <Panel title="useAppKitAccount()" testId="panel-account">
      <dl>
        <Field name="isConnected" value={String(isConnected)} testId="account-is-connected" />
        <Field name="status" value={status} testId="account-status" />
        <Field name="address" value={address} testId="account-address" />
        <Field name="caipAddress" value={caipAddress} testId="account-caip-address" />
      </dl>
    </Panel>
  )
}

function SignInPanel() {
  const { enabled, required, isSignedIn, status, sessions, signOut } = useAppKitSIWX()
  // The newest sign-in event: the stream also carries the modal's, connecting's, ...
  const signInEvent = useAppKitEvents(event => event.event.includes('SIWX'))?.event
  return (
    <Panel title="useAppKitSIWX()" testId="panel-siwx">
      <dl>
        <Field name="enabled" value={String(enabled)} testId="siwx-enabled" />
        <Field name="required" value={String(required)} testId="siwx-required" />
        <Field name="isSignedIn" value={String(isSignedIn)} testId="siwx-signed-in" />
        <Field name="status" value={status} testId="siwx-status" />
        <Field name="session expires" value={sessions[0]?.data.expirationTime} testId="siwx-expires" />
        <Field name="useAppKitEvents(), sign-in" value={signInEvent} testId="kit-last-event" />
      </dl>
      <div className="row">
        <button type="button" data-testid="siwx-sign-out" disabled={!isSignedIn} onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </Panel>
  )
}

function NetworkPanel() {
  const { caipNetwork, caipNetworkId, chainId, switchNetwork } = useAppKitNetwork()
  return (
    <Panel title="useAppKitNetwork()" testId="panel-network">
      <dl>
        <Field name="name" value={caipNetwork?.name} testId="network-name" />
        <Field name="caipNetworkId" value={caipNetworkId} testId="network-caip-id" />
        <Field name="chainId" value={chainId === undefined ? undefined : String(chainId)} testId="network-chain-id" />
      </dl>
      <div className="row" role="group" aria-label="Switch network">
        {demoNetworks.map(network => (
          <button
            key={network.caipNetworkId}
            type="button"
            aria-pressed={network.caipNetworkId === caipNetworkId}
            data-testid={`switch-network-${network.caipNetworkId}`}
            onClick={() => switchNetwork(network)}
          >
            {network.name}
          </button>
        ))}
      </div>
    </Panel>
  )
}

function StatePanel() {
  const { open, loading, selectedNetworkId, activeChain } = useAppKitState()
  return (
    <Panel title="useAppKitState()" testId="panel-state">
      <dl>
        <Field name="open" value={String(open)} testId="state-open" />
        <Field name="loading" value={String(loading)} testId="state-loading" />
        <Field name="selectedNetworkId" value={selectedNetworkId} testId="state-selected-network-id" />
        <Field name="activeChain" value={activeChain} testId="state-active-chain" />
      </dl>
    </Panel>
  )
}

function ThemePanel() {
  const { themeMode, themeVariables, setThemeMode, setThemeVariables } = useAppKitTheme()
  const accent = themeVariables['--w3m-accent']
  return (
    <Panel title="useAppKitTheme()" testId="panel-theme">
      <dl>
        <Field name="themeMode" value={themeMode} testId="theme-mode" />
        <Field name="--w3m-accent" value={accent} testId="theme-accent" />
      </dl>
      <div className="row">
        <button
          type="button"
          role="switch"
          aria-checked={themeMode === 'dark'}
          data-testid="theme-switch"
          onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}
        >
          Dark mode: {themeMode === 'dark' ? 'on' : 'off'}
        </button>
        <label className="inline">
          Accent
          <input
            type="color"
            data-testid="theme-accent-input"
            value={typeof accent === 'string' && /^#[0-9a-f]{6}$/i.test(accent) ? accent : '#3396ff'}
            onChange={event => setThemeVariables({ '--w3m-accent': event.target.value })}
          />
        </label>
        <button
          type="button"
          data-testid="theme-accent-reset"
          disabled={accent === undefined}
          onClick={() => setThemeVariables({ '--w3m-accent': undefined })}
        >
          Reset accent
        </button>
      </div>
    </Panel>
  )
}

function LocalePanel() {
  const { locale, direction, setLocale } = useAppKitLocale()
  return (
    <Panel title="useAppKitLocale()" testId="panel-locale">
      <dl>
        <Field name="locale" value={locale} testId="locale-current" />
        <Field name="direction" value={direction} testId="locale-direction" />
      </dl>
      <label className="inline">
        Language of the modal
        <select
          data-testid="locale-select"
          value={locale}
          onChange={event => void setLocale(event.target.value as Locale)}
        >
          {LOCALES.map(code => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </Panel>
  )
}

function ViewsPanel() {
  const { open } = useAppKit()
  return (
    <Panel title="open({ view })" testId="panel-views">
      <p className="hint">Every public view of the modal (VIEW_NAMES).</p>
      <div className="views">
        {VIEW_NAMES.map((view: ViewName) => (
          <button key={view} type="button" data-testid={`open-view-${view}`} onClick={() => void open({ view })}>
            {view}
          </button>
        ))}
      </div>
    </Panel>
  )
}

/** The Dev Wallet's own state (it is not the kit's: its events, read directly). */
function useDevWalletState(wallets: TestWallets) {
  const { provider } = wallets.dev
  const read = () => ({ chainId: provider.chainId, connected: provider.isConnected })
  const [state, setState] = useState(read)
  useEffect(() => {
    const update = () => setState(read())
    provider.on('accountsChanged', update)
    provider.on('chainChanged', update)
    return () => {
      provider.removeListener('accountsChanged', update)
      provider.removeListener('chainChanged', update)
    }
  }, [provider])
  return state
}

function WalletsPanel({ wallets }: { wallets: TestWallets }) {
  const dev = useDevWalletState(wallets)
  return (
    <Panel title="Test wallets on this page" testId="panel-wallets">
      <p className="hint">
        Not part of the kit: tools for the local stack (local/wallets/ in the repository). They ask in their own panel
        before connecting, signing or sending. Test keys only.
      </p>
      <dl>
        <Field name="AppKit Dev Wallet (EIP-6963)" value={wallets.dev.address} testId="dev-wallet-address" />
        <Field name="its chain" value={String(dev.chainId)} testId="dev-wallet-chain" />
        <Field name="connected to this site" value={String(dev.connected)} testId="dev-wallet-connected" />
        <Field
          name="AppKit Solana Test Wallet (Wallet Standard)"
          value={wallets.solana.address}
          testId="solana-wallet-address"
        />
        <Field
          name="AppKit Bitcoin Test Wallet (Wallet Standard)"
          value={wallets.bitcoin.address}
          testId="bitcoin-wallet-address"
        />
      </dl>
      <div className="row">
        <button
          type="button"
          data-testid="dev-wallet-forget"
          disabled={!dev.connected}
          onClick={() => wallets.dev.disconnect()}
        >
          Dev Wallet: forget this site
        </button>
      </div>
    </Panel>
  )
}

export function App({ wallets }: { wallets: TestWallets | undefined }) {
  const { themeMode } = useAppKitTheme()
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode
  }, [themeMode])
  return (
    <>
      <header className="site-header">
        <div className="brand">
          <strong>appkit-elements</strong> <span>demo</span>
        </div>
        <nav className="header-buttons" aria-label="Wallet">
          <AppKitNetworkButton />
          <AppKitButton />
        </nav>
      </header>
      <main>
        <p className="backend" data-testid="demo-backend">
          Backend <code>{demoConfig.apiUrl}</code>, project <code>{demoConfig.projectId}</code>
        </p>
        <div className="grid">
          <AccountPanel />
          <SignInPanel />
          <NetworkPanel />
          <StatePanel />
          <ThemePanel />
          <LocalePanel />
          <ViewsPanel />
          {wallets ? <WalletsPanel wallets={wallets} /> : null}
        </div>
      </main>
    </>
  )
}
