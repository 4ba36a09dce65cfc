import { expect } from '@open-wc/testing'
import { $router, popView, pushView, replaceView, resetRouter, resetView } from '../../../src/stores/router.js'
import { $modal, closeModal, goBack, openModal, resetModal } from '../../../src/stores/modal.js'

describe('router store', () => {
  beforeEach(() => {
    resetRouter()
    resetModal()
  })

  it('starts on Connect with a history of one', () => {
    expect($router.get().view).to.equal('Connect')
    expect($router.get().history).to.deep.equal(['Connect'])
  })

  it('push adds a view; pushing the current view is a no-op', () => {
    pushView('AllWallets')
    pushView('AllWallets')
    expect($router.get().history).to.deep.equal(['Connect', 'AllWallets'])
    expect($router.get().view).to.equal('AllWallets')
  })

  it('replace swaps the current view and keeps the history below it', () => {
    pushView('AllWallets')
    replaceView('ConnectingExternal', { walletId: 'dev' })
    expect($router.get().history).to.deep.equal(['Connect', 'ConnectingExternal'])
    expect($router.get().data).to.deep.equal({ walletId: 'dev' })
  })

  it('reset leaves only the given view', () => {
    pushView('AllWallets')
    resetView('Account')
    expect($router.get().history).to.deep.equal(['Account'])
  })

  it('pop returns false at the root and changes nothing', () => {
    expect(popView()).to.equal(false)
    expect($router.get().history).to.deep.equal(['Connect'])
  })

  it('back pops the view history', () => {
    openModal()
    pushView('AllWallets')
    goBack()
    expect($router.get().view).to.equal('Connect')
    expect($modal.get().open).to.equal(true)
  })

  it('back at the root closes the modal', () => {
    openModal()
    goBack()
    expect($modal.get().open).to.equal(false)
  })

  it('closing resets to Connect', () => {
    openModal({ view: 'Swap' })
    pushView('Networks')
    closeModal()
    expect($router.get().history).to.deep.equal(['Connect'])
    expect($router.get().view).to.equal('Connect')
  })
})
