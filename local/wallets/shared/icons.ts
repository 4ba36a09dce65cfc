/** The test wallets' icons, as SVG data URIs (EIP-6963 and the Wallet Standard both require a data URI). */

function svgDataUri(svg: string): `data:image/svg+xml;base64,${string}` {
  // The SVGs are ASCII, so btoa needs no UTF-8 step.
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

const DEV_WALLET_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#2563eb"/>' +
  '<rect x="18" y="28" width="60" height="42" rx="8" fill="none" stroke="#fff" stroke-width="6"/>' +
  '<path d="M24 28 L62 16 L66 28" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>' +
  '<rect x="54" y="42" width="24" height="14" rx="5" fill="#fff"/>' +
  '<circle cx="62" cy="49" r="3" fill="#2563eb"/>' +
  '</svg>'

const SOLANA_WALLET_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0">' +
  '<stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs>' +
  '<rect width="96" height="96" rx="22" fill="#14151a"/>' +
  '<path d="M28 30 H74 L66 38 H20 Z M20 44 H66 L74 52 H28 Z M28 58 H74 L66 66 H20 Z" fill="url(#g)"/>' +
  '</svg>'

const BITCOIN_WALLET_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#f7931a"/>' +
  '<path d="M38 24 V72 M46 20 V28 M46 68 V76 M32 28 H54 a10 10 0 0 1 0 20 H32 M32 48 H57 a12 12 0 0 1 0 24 H32" ' +
  'fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>' +
  '</svg>'

export const DEV_WALLET_ICON = svgDataUri(DEV_WALLET_SVG)
export const SOLANA_WALLET_ICON = svgDataUri(SOLANA_WALLET_SVG)
export const BITCOIN_WALLET_ICON = svgDataUri(BITCOIN_WALLET_SVG)
