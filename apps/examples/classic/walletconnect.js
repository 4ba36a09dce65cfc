// A WalletConnect-only kit from the classic script: no adapters, the relay from ?relay= (the
// end-to-end test runs a local one), else WalletConnect's cloud relay.
{
  const { createAppKit, localChainA } = window.AppKit
  const relayUrl = new URLSearchParams(window.location.search).get('relay') ?? undefined
  window.appKit = createAppKit({
    projectId: 'appkit-local',
    networks: [localChainA],
    relayUrl,
    metadata: { name: 'appkit-elements classic WalletConnect example', url: window.location.origin }
  })
}
