import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { $modal, closeModal, isCloseForbidden, openModal, resetModal, shakeModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { configureSiwx, resetSiwx, setSiwxSessions } from '../../../src/stores/siwx/state.js'
import { siwxSession } from '../../fixtures/siwx.js'

describe('closing during a required sign-in', () => {
  let clock: sinon.SinonFakeTimers

  beforeEach(() => {
    clock = sinon.useFakeTimers()
    resetModal()
    resetRouter()
    resetSiwx()
    resetAccount()
  })
  afterEach(() => {
    resetModal()
    clock.restore()
  })

  for (const view of ['SIWXSignMessage', 'ApproveTransaction'] as const) {
    it(`${view} cannot be closed while sign-in is required and there is no session`, () => {
      configureSiwx({ getRequired: () => true })
      setAccount(connectedEvmAccount)
      openModal({ view })
      expect(isCloseForbidden()).to.equal(true)
      expect(closeModal()).to.equal(false)
      expect($modal.get().open).to.equal(true)
      expect($router.get().view).to.equal(view)
    })
  }

  it('shakes for 500 ms instead of closing', () => {
    configureSiwx({ getRequired: () => true })
    setAccount(connectedEvmAccount)
    openModal({ view: 'SIWXSignMessage' })
    closeModal()
    expect($modal.get().shake).to.equal(true)
    clock.tick(499)
    expect($modal.get().shake).to.equal(true)
    clock.tick(1)
    expect($modal.get().shake).to.equal(false)
  })

  it('a second shake restarts the 500 ms', () => {
    shakeModal()
    clock.tick(400)
    shakeModal()
    clock.tick(400)
    expect($modal.get().shake).to.equal(true)
    clock.tick(100)
    expect($modal.get().shake).to.equal(false)
  })

  it('closes when sign-in is optional', () => {
    configureSiwx({ getRequired: () => false })
    openModal({ view: 'SIWXSignMessage' })
    expect(closeModal()).to.equal(true)
    expect($modal.get().open).to.equal(false)
  })

  it('closes once a session exists', () => {
    configureSiwx({ getRequired: () => true })
    setAccount(connectedEvmAccount)
    openModal({ view: 'SIWXSignMessage' })
    setSiwxSessions([siwxSession])
    expect(closeModal()).to.equal(true)
  })

  it('without a connected account nothing holds the modal (the wallet disconnected mid sign-in)', () => {
    configureSiwx({ getRequired: () => true })
    openModal({ view: 'SIWXSignMessage' })
    expect(closeModal()).to.equal(true)
  })

  it('other views close even when sign-in is required', () => {
    configureSiwx({ getRequired: () => true })
    setAccount(connectedEvmAccount)
    openModal({ view: 'Account' })
    expect(closeModal()).to.equal(true)
    expect($modal.get().shake).to.equal(false)
  })
})
