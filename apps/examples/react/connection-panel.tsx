// What the app does with the connection once the visitor connected in the modal (issue 31;
// docs/guides/using-the-connection.md): the wallet's name, its balance read again, a message signed
// through the EVM provider, and a SOL transfer built with @solana/web3.js and sent through the
// Solana provider.
import { useState, type FormEvent } from 'react'
import { stringToHex } from 'viem'
import { useAppKitBalance, useAppKitConnection, useAppKitProvider, useWalletInfo } from 'appkit-elements/react'

export const MESSAGE = 'Hello from the appkit-elements React example'

/** Runs `work`, showing its answer, or the error's message, through `show`. */
async function report(show: (text: string) => void, work: () => Promise<string>): Promise<void> {
  try {
    show(await work())
  } catch (error) {
    show(`Failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function Balance() {
  const { fetchBalance } = useAppKitBalance()
  const [balance, setBalance] = useState('')
  const read = async () => {
    const { data, error } = await fetchBalance()
    setBalance(data ? `${data.balance} ${data.symbol}` : error)
  }
  return (
    <p>
      <button type="button" data-testid="fetch-balance" onClick={() => void read()}>
        Fetch the balance
      </button>{' '}
      <output data-testid="balance">{balance}</output>
    </p>
  )
}

function SignMessage() {
  const { walletProvider } = useAppKitProvider('eip155')
  const [signature, setSignature] = useState('')
  if (!walletProvider) return null
  const sign = () =>
    report(setSignature, async () => {
      const [account] = await walletProvider.request<string[]>({ method: 'eth_accounts' })
      return walletProvider.request<string>({ method: 'personal_sign', params: [stringToHex(MESSAGE), account] })
    })
  return (
    <p>
      <button type="button" data-testid="sign-message" onClick={() => void sign()}>
        Sign “{MESSAGE}”
      </button>{' '}
      <output data-testid="signature">{signature}</output>
    </p>
  )
}

function SolanaTransfer() {
  const { walletProvider } = useAppKitProvider('solana')
  const { connection } = useAppKitConnection()
  const [result, setResult] = useState('')
  if (!walletProvider || !connection) return null
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const to = String(new FormData(event.currentTarget).get('to'))
    void report(setResult, async () => {
      // web3.js loads when the visitor sends, not with the page (the kit's provider loads it too).
      const { LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: walletProvider.publicKey, blockhash, lastValidBlockHeight }).add(
        SystemProgram.transfer({
          fromPubkey: walletProvider.publicKey,
          toPubkey: new PublicKey(to),
          lamports: LAMPORTS_PER_SOL / 100
        })
      )
      return walletProvider.signAndSendTransaction(transaction)
    })
  }
  return (
    <form onSubmit={send}>
      <label>
        Send 0.01 SOL to <input name="to" data-testid="sol-recipient" required size={44} />
      </label>{' '}
      <button type="submit" data-testid="send-sol">
        Send
      </button>{' '}
      <output data-testid="sol-signature">{result}</output>
    </form>
  )
}

export function ConnectionPanel() {
  const { walletInfo } = useWalletInfo()
  if (!walletInfo) return null
  return (
    <section>
      <h2>
        Connected with <span data-testid="wallet-name">{walletInfo.name}</span>
      </h2>
      <Balance />
      <SignMessage />
      <SolanaTransfer />
    </section>
  )
}
