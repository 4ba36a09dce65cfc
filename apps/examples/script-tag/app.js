// The app of the script-tag examples (script-tag/, csp/ and classic/): everything comes from
// window.AppKit, which the kit's script sets before this one runs. A plain script (no import or
// export, its names kept in a block), so it runs as a module after the ES kit and as a deferred
// classic script after the single-file build.
{
  const { createAppKit, evmAdapter, localChainA, localChainB } = window.AppKit

  const appKit = createAppKit({
    projectId: 'appkit-local',
    adapters: [evmAdapter()],
    networks: [localChainA, localChainB],
    metadata: {
      name: 'appkit-elements script-tag example',
      description: 'A plain HTML page using the kit from a script tag',
      url: window.location.origin
    }
  })

  // For the console and the end-to-end tests: the handle createAppKit returned.
  window.appKit = appKit
}
