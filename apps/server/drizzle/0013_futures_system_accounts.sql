-- The futures system accounts of decision 0046: the other side of realised profit and loss and of funding, and the
-- insurance fund.
INSERT INTO ledger_accounts (purpose) VALUES ('futures_clearing'), ('insurance_fund');
