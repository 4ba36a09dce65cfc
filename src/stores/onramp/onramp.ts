import { map } from 'nanostores'
import { getOnrampClient } from '../../api/onramp-client.js'
import type { OnrampQuoteResponse, PaymentCurrency, PurchaseCurrency } from '../../api/schemas/onramp.js'
import { $account } from '../account.js'
import { emitKitEvent } from '../kit-events.js'
import { selectAccountTab } from '../account/account-tab.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { popToView, pushView, resetView } from '../router.js'
import {
  DEFAULT_PAYMENT_CURRENCIES,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_PURCHASE_CURRENCIES,
  ONRAMP_PROVIDER_CATALOG,
  type OnrampProvider
} from './defaults.js'
import * as z from 'zod/mini'
import { ONRAMP_PROVIDERS } from '../../config/constants.js'
import { AppKitOptionsError } from '../../config/options-error.js'
import { checkoutNetworks, limitOf, meldUrl, offeredProviders, purchaseCurrencyFor, withinLimits } from './rules.js'
import {
  ONRAMP_AMOUNT_OUT_OF_LIMITS,
  ONRAMP_CHECKOUT_FAILED,
  ONRAMP_QUOTE_FAILED,
  ONRAMP_UNAVAILABLE
} from './texts.js'

/** The onramp state of docs/behaviour.md section 3, with the payment method and the last quote. */
export interface OnrampState {
  readonly providers: readonly OnrampProvider[]
  readonly selectedProvider: OnrampProvider | undefined
  /** The last failure, as the visitor's text. */
  readonly error: string | undefined
  readonly purchaseCurrency: PurchaseCurrency | undefined
  readonly paymentCurrency: PaymentCurrency | undefined
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
  readonly paymentCurrencies: readonly PaymentCurrency[]
  /** card or ach_bank_account: whose limits the amount must respect. */
  readonly paymentMethod: string
  /** What the visitor pays, as typed, in the payment currency ("100"). */
  readonly paymentAmount: string
  /** What the visitor gets, from the last quote's purchaseAmount.amount. */
  readonly purchaseAmount: string | undefined
  readonly quote: OnrampQuoteResponse | undefined
  readonly quotesLoading: boolean
  /** True while the checkout page's URL is asked for. */
  readonly checkingOut: boolean
}

export const initialOnramp: OnrampState = {
  providers: ONRAMP_PROVIDER_CATALOG,
  selectedProvider: undefined,
  error: undefined,
  purchaseCurrency: DEFAULT_PURCHASE_CURRENCIES[0],
  paymentCurrency: DEFAULT_PAYMENT_CURRENCIES[0],
  purchaseCurrencies: DEFAULT_PURCHASE_CURRENCIES,
  paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES,
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  paymentAmount: '',
  purchaseAmount: undefined,
  quote: undefined,
  quotesLoading: false,
  checkingOut: false
}

/** The providers the options ask for: `features.onramp`'s list, else every provider the kit knows. */
function configuredProviders(): OnrampProvider[] {
  const options = $options.get()
  const listed = options?.features.onramp
  return offeredProviders(
    Array.isArray(listed) ? listed : ONRAMP_PROVIDER_CATALOG.map(provider => provider.name),
    options?.meldPublicKey
  )
}

export const $onramp = map<OnrampState>({ ...initialOnramp, providers: configuredProviders() })

/** Whether the app chose the providers at run time (setOnrampProviders): the project's list then waits. */
let chosenByApp = false

/** A quote is asked once typing pauses this long; the newest amount's answer wins. */
export const QUOTE_DELAY_MS = 300

let quoteRequests = 0
let quoteTimer: ReturnType<typeof setTimeout> | undefined

function client() {
  const options = $options.get()
  return getOnrampClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
}

/**
 * Keeps only the known providers `input` names; none when it is not an array of strings (docs/behaviour.md
 * section 4). Meld only with the app's meldPublicKey.
 */
export function setOnrampProviders(input: unknown): void {
  chosenByApp = true
  $onramp.set({ ...$onramp.get(), providers: offeredProviders(input, $options.get()?.meldPublicKey) })
}

/** The project's onramp providers (its remote features): unless the app chose its own at run time. */
export function setProjectOnrampProviders(input: unknown): void {
  if (chosenByApp) return
  $onramp.set({ ...$onramp.get(), providers: offeredProviders(input, $options.get()?.meldPublicKey) })
}

const providerNamesSchema = z.array(z.enum(ONRAMP_PROVIDERS))

/**
 * The public setter (src/index.ts): the providers Buy offers, checked first. Unlike the spec's rule
 * (an input that is not a list of strings empties the list), a wrong input throws an
 * AppKitOptionsError naming what was expected: an app's typo would otherwise hide Buy in silence.
 */
export function setAppOnrampProviders(input: unknown): void {
  const parsed = providerNamesSchema.safeParse(input)
  if (!parsed.success) throw new AppKitOptionsError('setOnrampProviders', 'a list of "coinbase" | "meld"')
  setOnrampProviders(parsed.data)
}

/**
 * Chooses a provider and opens the amount view. Meld's URL is rewritten for the account (docs/behaviour.md
 * section 4); Coinbase's comes from the backend at checkout.
 */
export function selectOnrampProvider(name: OnrampProvider['name']): void {
  const provider = $onramp.get().providers.find(entry => entry.name === name)
  if (!provider) return
  const { namespace, address } = $account.get()
  const options = $options.get()
  const selected =
    provider.name === 'meld' && address && options?.meldPublicKey
      ? {
          ...provider,
          url: meldUrl(provider, {
            namespace,
            address,
            projectId: options.projectId,
            publicKey: options.meldPublicKey
          })
        }
      : provider
  $onramp.set({
    ...$onramp.get(),
    selectedProvider: selected,
    quote: undefined,
    purchaseAmount: undefined,
    error: undefined
  })
  pushView('OnRampBuy')
}

/**
 * The purchase and payment currencies from GET /v1/onramp/options, the spec's defaults when the
 * call fails or there is no backend; the purchase currency offered first is one on the active chain.
 */
export async function loadOnrampOptions(): Promise<void> {
  let purchaseCurrencies: readonly PurchaseCurrency[] = DEFAULT_PURCHASE_CURRENCIES
  let paymentCurrencies: readonly PaymentCurrency[] = DEFAULT_PAYMENT_CURRENCIES
  try {
    const api = client()
    if (!api) throw new Error('No onramp API: createAppKit was given no apiUrl')
    const answer = await api.options()
    if (answer.purchaseCurrencies.length > 0 && answer.paymentCurrencies.length > 0) {
      purchaseCurrencies = answer.purchaseCurrencies
      paymentCurrencies = answer.paymentCurrencies
    }
  } catch (error) {
    console.warn('[appkit] The onramp options could not be read; the defaults are offered:', error)
  }
  const chain = $network.get().activeNetwork?.id
  const current = $onramp.get()
  $onramp.set({
    ...current,
    purchaseCurrencies,
    paymentCurrencies,
    purchaseCurrency: purchaseCurrencyFor(purchaseCurrencies, chain),
    paymentCurrency:
      paymentCurrencies.find(currency => currency.id === current.paymentCurrency?.id) ?? paymentCurrencies[0]
  })
}

function changed(patch: Partial<OnrampState>): void {
  $onramp.set({ ...$onramp.get(), ...patch, quote: undefined, purchaseAmount: undefined, error: undefined })
  scheduleQuote()
}

export const setPaymentAmount = (paymentAmount: string): void => changed({ paymentAmount })
export const setPaymentMethod = (paymentMethod: string): void => changed({ paymentMethod })

export function setPurchaseCurrency(id: string): void {
  const purchaseCurrency = $onramp.get().purchaseCurrencies.find(currency => currency.id === id)
  if (purchaseCurrency) changed({ purchaseCurrency })
}

export function setPaymentCurrency(id: string): void {
  const paymentCurrency = $onramp.get().paymentCurrencies.find(currency => currency.id === id)
  if (paymentCurrency) changed({ paymentCurrency })
}

/** A quote for the amount once typing pauses (QUOTE_DELAY_MS); nothing is asked for an amount out of limits. */
function scheduleQuote(): void {
  clearTimeout(quoteTimer)
  quoteTimer = setTimeout(() => void getQuote(), QUOTE_DELAY_MS)
}

/**
 * A quote for the typed amount (docs/behaviour.md section 4): the amount is checked against the payment
 * method's limits first; quotesLoading while it is asked; on success purchaseAmount is the quote's
 * purchaseAmount.amount; on failure the error is stored and null returned. An answer for an older
 * amount is dropped.
 */
export async function getQuote(): Promise<OnrampQuoteResponse | null> {
  const state = $onramp.get()
  const { purchaseCurrency, paymentCurrency, paymentMethod, paymentAmount, selectedProvider } = state
  if (!paymentAmount.trim()) return null
  if (!withinLimits(paymentAmount, limitOf(paymentCurrency, paymentMethod))) {
    $onramp.set({ ...state, quote: undefined, purchaseAmount: undefined, error: ONRAMP_AMOUNT_OUT_OF_LIMITS })
    return null
  }
  const api = client()
  if (!api || !purchaseCurrency || !paymentCurrency) {
    $onramp.set({ ...state, error: ONRAMP_UNAVAILABLE })
    return null
  }
  const mine = ++quoteRequests
  $onramp.set({ ...state, quotesLoading: true, error: undefined })
  try {
    const quote = await api.quote({
      purchaseCurrency: purchaseCurrency.id,
      paymentCurrency: paymentCurrency.id,
      amount: paymentAmount.trim(),
      network: purchaseCurrency.symbol,
      paymentMethod,
      ...(selectedProvider ? { provider: selectedProvider.name } : {})
    })
    if (mine !== quoteRequests) return null
    $onramp.set({ ...$onramp.get(), quote, purchaseAmount: quote.purchaseAmount.amount, quotesLoading: false })
    return quote
  } catch (error) {
    if (mine !== quoteRequests) return null
    console.warn('[appkit] No onramp quote:', error)
    // Spec section 3: the failure's own message is stored, and no quote is made up (a mocked quote
    // would show a buyer an amount no provider offered): null, as for any other missing quote.
    $onramp.set({
      ...$onramp.get(),
      quote: undefined,
      purchaseAmount: undefined,
      quotesLoading: false,
      error: error instanceof Error && error.message ? error.message : ONRAMP_QUOTE_FAILED
    })
    return null
  }
}

/**
 * The provider's checkout page for the quoted purchase: Coinbase's from the backend's generator
 * (the account's address on the purchase currency's network, the amount preset), meld's URL as
 * rewritten. Undefined, with the error stored, when there is none.
 */
export async function checkoutUrl(): Promise<string | undefined> {
  const state = $onramp.get()
  const { selectedProvider, purchaseCurrency, paymentAmount } = state
  const { address } = $account.get()
  if (!selectedProvider || !purchaseCurrency || !address || state.checkingOut) return undefined
  const started = { provider: selectedProvider.name, currency: purchaseCurrency.symbol }
  if (selectedProvider.name === 'meld') {
    emitKitEvent('BUY_STARTED', started)
    return selectedProvider.url
  }
  const api = client()
  if (!api) {
    $onramp.setKey('error', ONRAMP_UNAVAILABLE)
    return undefined
  }
  const { blockchains, defaultNetwork } = checkoutNetworks(purchaseCurrency, $network.get().activeNetwork?.id)
  $onramp.set({ ...state, checkingOut: true, error: undefined })
  try {
    const url = await api.checkoutUrl({
      destinationWallets: [{ address, blockchains, assets: [purchaseCurrency.symbol] }],
      defaultNetwork,
      partnerUserId: address,
      defaultExperience: 'buy',
      ...(Number(paymentAmount) > 0 ? { presetFiatAmount: Number(paymentAmount) } : {})
    })
    $onramp.setKey('checkingOut', false)
    emitKitEvent('BUY_STARTED', started)
    return url
  } catch (error) {
    console.warn('[appkit] The onramp checkout could not be opened:', error)
    $onramp.set({ ...$onramp.get(), checkingOut: false, error: ONRAMP_CHECKOUT_FAILED })
    return undefined
  }
}

/** How often, and for how long, the open purchases are read again after a checkout (docs/behaviour.md section 9: 4000 ms). */
export const PURCHASE_POLL_MS = 4000
export const PURCHASE_POLL_LIMIT_MS = 10 * 60_000

let pollTimer: ReturnType<typeof setTimeout> | undefined

/**
 * After the checkout page opened: back to Account on its Activity tab, where the purchase shows as
 * pending; its status is read again every 4 s until no purchase is pending (or 10 minutes passed,
 * or the account changed).
 */
export function followPurchase(): void {
  if (!popToView('Account')) resetView('Account')
  selectAccountTab('activity')
  const caipAddress = $account.get().caipAddress
  const started = Date.now()
  clearTimeout(pollTimer)
  const poll = async (): Promise<void> => {
    if ($account.get().caipAddress !== caipAddress || Date.now() - started > PURCHASE_POLL_LIMIT_MS) return
    const { refreshPurchases } = await import('../account/transactions.js')
    const pending = await refreshPurchases()
    if (pending || Date.now() - started < PURCHASE_POLL_MS * 3)
      pollTimer = setTimeout(() => void poll(), PURCHASE_POLL_MS)
  }
  pollTimer = setTimeout(() => void poll(), PURCHASE_POLL_MS)
}

/** Restores the defaults (docs/behaviour.md section 4; the providers the options ask for) and stops following purchases. */
export function resetOnramp(): void {
  clearTimeout(quoteTimer)
  clearTimeout(pollTimer)
  quoteRequests++
  chosenByApp = false
  $onramp.set({ ...initialOnramp, providers: configuredProviders() })
}
