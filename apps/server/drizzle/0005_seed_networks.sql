-- The default networks (issue 4), with no deposit address: an operator sets each one in the back office, and
-- until then the network takes no deposits. Fees and limits are common market levels, editable there too.
INSERT INTO asset_networks
  (asset, chain, min_deposit, withdrawal_fee, withdrawal_min, withdrawal_max, display_order)
VALUES
  ('USDT', 'tron', 10, 1, 10, 100000, 10),
  ('USDT', 'ethereum', 10, 5, 20, 100000, 20),
  ('BTC', 'bitcoin', 0.0001, 0.0002, 0.001, 10, 30),
  ('ETH', 'ethereum', 0.005, 0.002, 0.01, 200, 40),
  ('TRX', 'tron', 10, 1, 20, 1000000, 50),
  ('SOL', 'solana', 0.05, 0.01, 0.1, 5000, 60),
  ('BNB', 'bsc', 0.01, 0.0005, 0.02, 1000, 70);
