-- Without mail, an invitation's accept link must stay available to the dashboard: someone
-- has to hand it over. So the raw token is kept, in `handover_token`, only for an invitation
-- whose mail did not go out, and only until it is accepted or replaced by a newer one. A
-- mailed invitation never has it (the token is set only after the send failed, so no copy
-- lingers in the file for a token that went by mail). Lookups always go by `token_hash`.
ALTER TABLE invitations ADD COLUMN handover_token TEXT;
