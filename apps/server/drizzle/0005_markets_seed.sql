-- The default spot markets (decision 0018): increments and minimum totals at common exchange levels, 0.1 % fees,
-- every market open and quoted by the market maker. Operators change them in the back office.
INSERT INTO assets (code, precision) VALUES ('XRP', 6), ('DOGE', 8), ('LTC', 8)
  ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO markets (symbol, base, quote, tick_size, lot_size, min_notional, maker_fee, taker_fee) VALUES
  ('BTCUSDT', 'BTC', 'USDT', 0.01, 0.00001, 5, 0.001, 0.001),
  ('ETHUSDT', 'ETH', 'USDT', 0.01, 0.0001, 5, 0.001, 0.001),
  ('SOLUSDT', 'SOL', 'USDT', 0.01, 0.001, 5, 0.001, 0.001),
  ('BNBUSDT', 'BNB', 'USDT', 0.01, 0.001, 5, 0.001, 0.001),
  ('XRPUSDT', 'XRP', 'USDT', 0.0001, 0.1, 5, 0.001, 0.001),
  ('DOGEUSDT', 'DOGE', 'USDT', 0.00001, 1, 5, 0.001, 0.001),
  ('TRXUSDT', 'TRX', 'USDT', 0.00001, 1, 5, 0.001, 0.001),
  ('LTCUSDT', 'LTC', 'USDT', 0.01, 0.001, 5, 0.001, 0.001)
  ON CONFLICT (symbol) DO NOTHING;
