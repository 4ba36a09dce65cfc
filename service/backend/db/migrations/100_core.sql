-- Core backend tables (server/routes: analytics, sessions, onramp). Blockchain tables: 2xx_*.sql.

CREATE TABLE IF NOT EXISTS analytics_events (
  id BIGSERIAL PRIMARY KEY,
  project_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  origin TEXT NOT NULL,
  url TEXT NOT NULL,
  domain TEXT NOT NULL,
  event_type TEXT NOT NULL,
  event TEXT NOT NULL,
  address TEXT,
  properties JSONB,
  client_id TEXT,
  sdk_type TEXT,
  sdk_version TEXT,
  event_timestamp BIGINT NOT NULL,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (project_id, event_id)
);
CREATE INDEX IF NOT EXISTS analytics_events_event_idx ON analytics_events (project_id, event);

CREATE TABLE IF NOT EXISTS smart_sessions (
  pci TEXT PRIMARY KEY,
  -- "eip155:{chainId}:{lower-case address}"
  account TEXT NOT NULL,
  project_id TEXT,
  created_at BIGINT NOT NULL,
  expiry BIGINT NOT NULL,
  revoked_at BIGINT,
  revoke_signature TEXT,
  permissions JSONB NOT NULL DEFAULT '[]'::jsonb,
  context TEXT
);
CREATE INDEX IF NOT EXISTS smart_sessions_account_idx ON smart_sessions (account);

-- Sandbox onramp orders. Delivery is an ERC-20 transfer from the treasury (chain/deployment.ts
-- DEPLOYER) to `destination` on `chain_id`; tx_hash links an order to the indexed transfer.
CREATE TABLE IF NOT EXISTS onramp_orders (
  id TEXT PRIMARY KEY,
  project_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('created', 'processing', 'completed', 'failed')),
  provider TEXT NOT NULL,
  network TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  destination TEXT NOT NULL,
  asset_symbol TEXT NOT NULL,
  token_address TEXT,
  token_decimals INTEGER NOT NULL,
  crypto_amount TEXT NOT NULL,
  fiat_amount TEXT NOT NULL,
  fiat_currency TEXT NOT NULL,
  fee_amount TEXT NOT NULL,
  partner_user_id TEXT,
  tx_hash TEXT,
  error TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS onramp_orders_destination_idx ON onramp_orders (lower(destination));
CREATE INDEX IF NOT EXISTS onramp_orders_tx_idx ON onramp_orders (tx_hash);
