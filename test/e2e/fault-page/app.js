// The fault tests' page (test/e2e/faults.test.mjs): the kit with the backend and chain A's RPC at
// the URLs the query gives (the fault proxies in front of the local stack's), chain B direct; the
// embedded wallet's frame when the query names one (faults-frame.test.mjs); sign-in kept by the
// backend when the query has `siwx` (faults.test.mjs).
// No `tokens` option: a balance the backend cannot give is "Token Balance Unavailable", not a chain read.
{
  const { createAppKit, createBackendSiwx, evmAdapter, localChainA, localChainB } = window.AppKit
  const query = new URLSearchParams(window.location.search)
  const withRpc = (network, rpc) => ({ ...network, rpcUrls: { default: { http: [rpc] } } })
  window.appKit = createAppKit({
    projectId: 'appkit-local',
    apiUrl: query.get('api'),
    ...(query.has('frame') ? { frameUrl: query.get('frame') } : {}),
    // Sign-in kept by the backend (behind the same fault proxy), optional.
    ...(query.has('siwx') ? { siwx: createBackendSiwx({ apiUrl: query.get('api'), projectId: 'appkit-local' }) } : {}),
    adapters: [evmAdapter()],
    networks: [withRpc(localChainA, query.get('rpc-a')), withRpc(localChainB, query.get('rpc-b'))],
    enableWalletConnect: false,
    metadata: { name: 'fault tests', description: 'The kit behind fault proxies', url: window.location.origin }
  })
}
