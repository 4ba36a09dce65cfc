// Child-process entry of local/chain/evm-node.ts: runs hardhat's `node` task with local/chain/hardhat.config.cjs
// on 127.0.0.1 and the port in APPKIT_CHAIN_PORT (0 = any free port). It exits when its parent
// goes away (the IPC channel closes), so a killed `npm start` leaves no chain behind.
'use strict'
const path = require('node:path')

process.env.HARDHAT_CONFIG = path.join(__dirname, 'hardhat.config.cjs')
process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true'
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
process.on('SIGINT', () => process.exit(0))

const hre = require('hardhat')
hre.run('node', { hostname: '127.0.0.1', port: Number(process.env.APPKIT_CHAIN_PORT || 0) }).catch(error => {
  console.error(error && error.stack ? error.stack : String(error))
  process.exit(1)
})
