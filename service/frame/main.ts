// The wallet frame's entry (service/frame/index.html): everything else is in app.ts, which tests start with
// stand-in dependencies.
import { startFrame } from './app.js'

const root = document.getElementById('wallet')
if (root) void startFrame({ search: location.search, root })
