import { expect } from '@open-wc/testing'
import { chooseOpenView } from '../../../src/stores/open-view.js'
import { $modal, openModal, resetModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { parseOptions } from '../../../src/config/options.js'
import { overrideMobile } from '../../../src/utils/device.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { localChainA } from '../../../src/networks/definitions.js'

const base = { requested: undefined, connected: false, noAdapters: false, manualControl: false, mobile: false }

describe('the open-view rule', () => {
  it('a caller-given view wins over everything', () => {
    expect(chooseOpenView({ ...base, requested: 'Swap', connected: true, noAdapters: true, mobile: true })).to.equal(
      'Swap'
    )
  })

  it('opens Account when an address is connected', () => {
    expect(chooseOpenView({ ...base, connected: true, noAdapters: true })).to.equal('Account')
  })

  it('with no adapters: AllWallets on mobile, ConnectingWalletConnectBasic elsewhere', () => {
    expect(chooseOpenView({ ...base, noAdapters: true, mobile: true })).to.equal('AllWallets')
    expect(chooseOpenView({ ...base, noAdapters: true, mobile: false })).to.equal('ConnectingWalletConnectBasic')
  })

  it('with manual WalletConnect control: the same branch', () => {
    expect(chooseOpenView({ ...base, manualControl: true, mobile: true })).to.equal('AllWallets')
    expect(chooseOpenView({ ...base, manualControl: true })).to.equal('ConnectingWalletConnectBasic')
  })

  it('otherwise Connect', () => {
    expect(chooseOpenView(base)).to.equal('Connect')
  })
})

describe('openModal applies the rule to the stores', () => {
  beforeEach(() => {
    resetModal()
    resetRouter()
    resetAccount()
    resetOptions()
  })
  afterEach(() => overrideMobile(undefined))

  it('opens Connect with adapters and no account', () => {
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA], adapters: [evmAdapter()] }))
    openModal()
    expect($modal.get().open).to.equal(true)
    expect($router.get().view).to.equal('Connect')
  })

  it('opens AllWallets on mobile when no adapters are configured', () => {
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA] }))
    overrideMobile(true)
    openModal()
    expect($router.get().view).to.equal('AllWallets')
  })

  it('opens ConnectingWalletConnectBasic on desktop when no adapters are configured', () => {
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA] }))
    overrideMobile(false)
    openModal()
    expect($router.get().view).to.equal('ConnectingWalletConnectBasic')
  })

  it('opens Account when connected, and the caller-given view when asked', () => {
    setOptions(parseOptions({ projectId: 'p', networks: [localChainA], adapters: [evmAdapter()] }))
    setAccount({ address: '0x0000000000000000000000000000000000000001', status: 'connected' })
    openModal()
    expect($router.get().view).to.equal('Account')
    openModal({ view: 'Networks' })
    expect($router.get().view).to.equal('Networks')
    expect($router.get().history).to.deep.equal(['Networks'])
  })
})
