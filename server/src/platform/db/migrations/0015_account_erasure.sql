-- 'Apagar minhas fotos' signed in takes the account's presence grants; another phone of
-- the same person still holds its own agent's grant, which the account copies when it signs in
-- there. A grant older than the account's last erasure is no longer copied: what was erased stays
-- erased.
ALTER TABLE accounts ADD COLUMN erased_at timestamptz;
