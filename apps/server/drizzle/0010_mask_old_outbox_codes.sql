-- Messages recorded before the outbox masked codes (decision 0030) still hold their codes in plain text: long
-- expired, but no operator should read them. Every six-digit figure of those rows that is not part of a longer
-- number or a decimal is masked as new rows are.
UPDATE "outbox"
SET "body" = regexp_replace("body", '(?<![0-9]|[0-9][.,])[0-9]{6}(?![0-9]|[.,][0-9])', '••••••', 'g'),
    "subject" = regexp_replace("subject", '(?<![0-9]|[0-9][.,])[0-9]{6}(?![0-9]|[.,][0-9])', '••••••', 'g')
WHERE "body" ~ '[0-9]{6}' OR "subject" ~ '[0-9]{6}';
