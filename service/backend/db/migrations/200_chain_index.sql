-- Blockchain tables (backend B, server/blockchain): what the indexer reads from the chains.
-- Chain ids are CAIP-2 ("eip155:31337"); addresses are stored in lower case; amounts and token ids
-- as NUMERIC(78, 0) (a uint256 fits); block times as Unix seconds.

-- Where each chain's indexer is: the next block to read and the hash of the last one read (a
-- different hash at that height means the chain was reset or reorganised: its rows are dropped and
-- it is indexed again). The lease lets several backends over one PostgreSQL index a chain once.
CREATE TABLE IF NOT EXISTS chain_index_state (
  chain_id TEXT PRIMARY KEY,
  next_block BIGINT NOT NULL,
  last_hash TEXT,
  lease_owner TEXT,
  lease_until TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every transaction of every block.
CREATE TABLE IF NOT EXISTS chain_transactions (
  chain_id TEXT NOT NULL,
  hash TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  tx_index INTEGER NOT NULL,
  block_time BIGINT NOT NULL,
  from_address TEXT NOT NULL,
  to_address TEXT,
  created_address TEXT,
  value NUMERIC(78, 0) NOT NULL,
  nonce BIGINT NOT NULL,
  status TEXT NOT NULL,
  selector TEXT,
  PRIMARY KEY (chain_id, hash)
);

-- What moved in a transaction: native transfers (log_index -1 for the transaction's own value,
-- below -1 for native paid out by the router after unwrapping), ERC-20 and ERC-721 transfers,
-- approvals and pool swaps (log_index = the log's index).
-- kind: native | erc20 | erc721 | approval | approval721 | approval_all | swap
CREATE TABLE IF NOT EXISTS chain_events (
  chain_id TEXT NOT NULL,
  hash TEXT NOT NULL,
  log_index INTEGER NOT NULL,
  kind TEXT NOT NULL,
  contract TEXT,
  from_address TEXT,
  to_address TEXT,
  amount NUMERIC(78, 0),
  token_id NUMERIC(78, 0),
  extra JSONB,
  PRIMARY KEY (chain_id, hash, log_index)
);
CREATE INDEX IF NOT EXISTS chain_events_hash_idx ON chain_events (hash);

-- Which transactions concern which address (sender, recipient, either side of a transfer or an
-- approval, a swap's recipient), in the order history pages are served.
CREATE TABLE IF NOT EXISTS account_activity (
  address TEXT NOT NULL,
  chain_id TEXT NOT NULL,
  hash TEXT NOT NULL,
  block_time BIGINT NOT NULL,
  block_number BIGINT NOT NULL,
  tx_index INTEGER NOT NULL,
  PRIMARY KEY (address, chain_id, hash)
);
CREATE INDEX IF NOT EXISTS account_activity_page_idx
  ON account_activity (address, block_time DESC, chain_id DESC, block_number DESC, tx_index DESC);

-- Metadata of the token contracts seen in logs, read once from the contract.
-- standard: erc20 | erc721 | unknown
CREATE TABLE IF NOT EXISTS chain_tokens (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  standard TEXT NOT NULL,
  name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  decimals INTEGER NOT NULL,
  PRIMARY KEY (chain_id, address)
);
