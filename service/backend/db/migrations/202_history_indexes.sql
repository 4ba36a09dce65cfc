-- What GET /v1/account/{address}/history needs (service/backend/blockchain/history.ts), as the kit
-- asks it: always with a chainId (issue 33, section 4). account_activity_page_idx orders an
-- account's rows of every chain together: a page of one chain had to walk past the account's rows
-- of the other chains and sort what it kept. Here the account's rows of one chain are in page order
-- (newest first), so a page of one chain, first or after a cursor, is the index's next rows.
CREATE INDEX IF NOT EXISTS account_activity_chain_page_idx
  ON account_activity (address, chain_id, block_time DESC, block_number DESC, tx_index DESC);
