// The app's EIP-1193 provider over the embedded wallet (issue 31): the frame double (projects
// 'smart…' have a smart account on chain 31337) answers through the auth connector; the smart
// account is the account in use, a signature goes to the frame, and the visitor switching the
// account type in the modal raises accountsChanged with the new account first. The real frame,
// bundler and chain are exercised by test/e2e/smart-account.test.mjs.
import { expect } from '@open-wc/testing'
import { localChainA } from '../../../src/networks/definitions.js'
import { $account } from '../../../src/stores/account.js'
import { switchAccountType } from '../../../src/stores/account/account-type.js'
import { submitEmail, submitOtp } from '../../../src/stores/email/login.js'
import { walletApi } from '../../../src/wallet-api.js'
import { until } from '../connect/support.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, setUpEmail, tearDownEmail } from '../email/support.js'

const SMART_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PROJECT = 'smart-account-test'

describe('the wallet provider over the embedded wallet and its smart account (issue 31)', () => {
  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT, { defaultNetwork: localChainA })
    expect(await submitEmail('visitor@example.com')).to.equal(true)
    expect(await submitOtp('123456')).to.equal(true)
    await until(() => $account.get().status === 'connected', 'the connection')
  })
  afterEach(() => tearDownEmail())

  it('the smart account first; personal_sign answered by the frame; the account type switched in the modal raises accountsChanged', async () => {
    const provider = walletApi.getWalletProvider('eip155')!
    expect(walletApi.getWalletInfo()).to.include({ type: 'auth', id: 'AUTH' })
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([SMART_ADDRESS, DOUBLE_ADDRESS])
    expect(await provider.request({ method: 'personal_sign', params: ['0x6869', SMART_ADDRESS] })).to.equal(
      `0x${'ab'.repeat(65)}`
    )
    const changes: string[][] = []
    provider.on('accountsChanged', accounts => changes.push(accounts))
    await switchAccountType('eoa')
    await until(() => changes.length > 0, 'accountsChanged after the switch to the EOA')
    expect(changes[0]![0]).to.equal(DOUBLE_ADDRESS)
    expect(walletApi.getAccount()?.address).to.equal(DOUBLE_ADDRESS)
    expect(walletApi.getWalletProvider('eip155')).to.equal(provider)
  })
})
