// appkit-elements/evm's sessionKeyAccount (src/adapters/evm/index.ts) loads session-key-account.ts,
// and with it viem, on call (issue 35: importing the EVM adapter evaluates no viem; the package's
// load graph test checks dist/evm.js). The account it gives is the module's own.
import { expect } from '@open-wc/testing'
import { createClient, custom } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SESSION_KEY_ONE_CALL, sessionKeyAccount } from '../../../src/adapters/evm/index.js'
import * as direct from '../../../src/adapters/evm/session-key-account.js'

describe("appkit-elements/evm's sessionKeyAccount", () => {
  it('is the session key account of session-key-account.ts, loaded on call', async () => {
    const client = createClient({
      transport: custom({
        request: async () => {
          throw new Error('no request expected while building the account')
        }
      })
    })
    const options = {
      client,
      address: '0x1111111111111111111111111111111111111111',
      key: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    } as const
    const lazy = await sessionKeyAccount(options)
    const eager = await direct.sessionKeyAccount(options)
    expect(lazy.address).to.equal(options.address)
    expect(lazy.address).to.equal(eager.address)
    expect(lazy.entryPoint.address).to.equal(eager.entryPoint.address)
    expect(SESSION_KEY_ONE_CALL).to.equal(direct.SESSION_KEY_ONE_CALL)
    let refused: unknown
    try {
      await lazy.encodeCalls([])
    } catch (error) {
      refused = error
    }
    expect((refused as Error | undefined)?.message).to.equal(SESSION_KEY_ONE_CALL)
  })
})
