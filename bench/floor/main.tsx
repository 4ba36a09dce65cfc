// The floor of bench/first-load.mjs: a React 19 page with a plain native <dialog> opened by a
// button, the least a React page with a modal can cost. Its "first view" is a heading and a short
// list of buttons, rendered by React when the dialog opens (as the kit renders its Connect view).
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

const WALLETS = ['Browser wallet', 'WalletConnect', 'Coinbase', 'Ledger', 'Trezor']

function App() {
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    else if (!open && element.open) element.close()
  }, [open])
  return (
    <main>
      <h1>A plain dialog in React</h1>
      <div className="buttons">
        <button type="button" data-testid="open-dialog" onClick={() => setOpen(true)}>
          Connect Wallet
        </button>
      </div>
      <dialog ref={dialog} aria-labelledby="floor-title" onClose={() => setOpen(false)}>
        {open && (
          <section data-testid="floor-view">
            <h2 id="floor-title">Connect a wallet</h2>
            <ul>
              {WALLETS.map(name => (
                <li key={name}>
                  <button type="button">{name}</button>
                </li>
              ))}
            </ul>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </section>
        )}
      </dialog>
    </main>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('bench/floor: #root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
)
