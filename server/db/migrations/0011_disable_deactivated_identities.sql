-- Accounts deactivated before the identity provider mirrored the status (2026-11-26) are disabled there too,
-- so they can neither sign in nor refresh ("User is disabled."), as accounts deactivated since. Only the
-- embedded provider's identities exist in this table; with AWS Cognito it is empty and nothing changes.
UPDATE "identity_users" AS i
SET "status" = 'DISABLED', "updated_at" = now()
FROM "users" AS u
WHERE u."cognito_sub" = i."sub"::text
  AND u."status" = 'deactivated'
  AND i."status" <> 'DISABLED';
