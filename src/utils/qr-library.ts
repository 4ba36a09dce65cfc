// The QR encoder library as a module of the kit: what qr-encoder.ts imports on first use, and the
// entry of appkit-elements.qr.js (vite.script-tag.config.ts, --mode beside) for the classic script.
export { encode } from 'uqr'
