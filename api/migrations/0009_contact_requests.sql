-- Requests for information sent from the public site's contact form (spec section 3, "Contact request").
-- Every request is kept, whatever happens to its e-mail: `status` says whether the sales mail went out
-- ('pending' until the SMTP server accepted it, then 'sent'); `attempts` and `last_error` record failed tries.

CREATE TABLE contact_requests (
  id bigserial PRIMARY KEY,
  name varchar(150) NOT NULL,
  email varchar(254) NOT NULL,
  phone varchar(40) NOT NULL DEFAULT '',
  company varchar(150) NOT NULL,
  comments varchar(5000) NOT NULL DEFAULT '',
  product varchar(60) NOT NULL,
  language varchar(2) NOT NULL CHECK (language IN ('en', 'es')),
  client_address varchar(64) NOT NULL DEFAULT '',
  status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts integer NOT NULL DEFAULT 0,
  last_error varchar(500),
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- The delivery sweep looks for the pending ones only.
CREATE INDEX contact_requests_pending_idx ON contact_requests (id) WHERE status = 'pending';
