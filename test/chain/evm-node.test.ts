// The node launcher (a clear error naming the port when it is taken, stop() frees the port) and
// deploy's guards.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:net'
import { describe, test } from 'node:test'
import { localPublicClient } from '../../local/chain/clients.js'
import { compileContracts } from '../../local/chain/compile.js'
import { deployContracts } from '../../local/chain/deploy.js'
import { CONTRACTS } from '../../local/chain/deployment.js'
import { PortInUseError, startEvmNode } from '../../local/chain/evm-node.js'
import { startChains } from '../../local/chain/start.js'

function listen(): Promise<Server & { port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string') return reject(new Error('no port'))
      resolve(Object.assign(server, { port: address.port }))
    })
  })
}

describe('evm node', () => {
  test('a taken port fails with a message naming the port', async () => {
    const blocker = await listen()
    try {
      await assert.rejects(startEvmNode({ chainId: 31337, port: blocker.port }), (error: unknown) => {
        assert.ok(error instanceof PortInUseError)
        assert.equal(error.port, blocker.port)
        assert.match(error.message, new RegExp(`Port ${blocker.port} on 127\\.0\\.0\\.1 is already in use`))
        return true
      })
      // startChains reports the same, and stops the node of the other chain, which did start.
      let portA = 0
      const log = (line: string) => {
        const match = /^\[chain 31337\] Started .* at http:\/\/127\.0\.0\.1:(\d+)\//.exec(line)
        if (match) portA = Number(match[1])
      }
      await assert.rejects(startChains({ portA: 0, portB: blocker.port, log }), new RegExp(`Port ${blocker.port} `))
      assert.ok(portA > 0, 'chain A started')
      await assert.rejects(fetch(`http://127.0.0.1:${portA}`, { method: 'POST' }), /fetch failed/)
    } finally {
      blocker.close()
    }
  })

  test('a node answers on its port with its chain id, and stop() ends it and frees the port', async () => {
    const node = await startEvmNode({ chainId: 31339, port: 0 })
    try {
      assert.match(node.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
      assert.equal(await localPublicClient(node).getChainId(), 31339)
    } finally {
      await node.stop()
    }
    assert.throws(() => process.kill(node.pid, 0), /ESRCH/)
    const again = await startEvmNode({ chainId: 31339, port: node.port })
    await again.stop()
  })
})

describe('deploy', () => {
  test('deploy refuses a chain where the deployer already sent transactions', async () => {
    const node = await startEvmNode({ chainId: 31337, port: 0 })
    try {
      const { artifacts } = await compileContracts()
      const first = await deployContracts({ rpcUrl: node.rpcUrl, chainId: 31337, artifacts })
      assert.equal(first.contracts, CONTRACTS)
      await assert.rejects(deployContracts({ rpcUrl: node.rpcUrl, chainId: 31337, artifacts }), /needs a fresh chain/)
      await assert.rejects(
        deployContracts({ rpcUrl: node.rpcUrl, chainId: 31338, artifacts }),
        /is chain 31337, expected 31338/
      )
    } finally {
      await node.stop()
    }
  })
})
