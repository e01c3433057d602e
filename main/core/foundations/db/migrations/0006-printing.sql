-- Printing: the station's printers (discovered from the OS, settings kept by the admin),
-- per-team routing of document tags, print batches and their durable jobs.

CREATE TABLE printers (
  id TEXT PRIMARY KEY,
  backend TEXT NOT NULL,
  vendor_id TEXT NOT NULL,
  name TEXT NOT NULL,
  -- The admin's: kept across refreshes.
  nickname TEXT,
  visible INTEGER NOT NULL DEFAULT 1,
  fit_to_page INTEGER NOT NULL DEFAULT 0,
  default_tray TEXT,
  layout_configs TEXT NOT NULL DEFAULT '[]',
  -- The OS's: replaced on every refresh.
  status TEXT NOT NULL,
  trays TEXT NOT NULL DEFAULT '[]',
  paper_sizes TEXT NOT NULL DEFAULT '[]',
  accepts_custom_paper INTEGER NOT NULL DEFAULT 0,
  os_default INTEGER NOT NULL DEFAULT 0,
  present INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (backend, vendor_id)
);

-- A team's default printer; no row means the OS default printer, else the folder printer.
CREATE TABLE team_print_settings (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  default_printer_id TEXT REFERENCES printers(id) ON DELETE SET NULL,
  updated_at TEXT NOT NULL
);

-- Per team and document tag: where it prints. Each part is optional and resolved alone.
CREATE TABLE print_routes (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  printer_id TEXT REFERENCES printers(id) ON DELETE SET NULL,
  tray TEXT,
  template TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, tag)
);

-- One batch per printer of a print request; `request_id` groups the batches of one request.
CREATE TABLE print_batches (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams(id),
  printer_id TEXT NOT NULL REFERENCES printers(id),
  name TEXT NOT NULL,
  ref TEXT,
  trigger TEXT NOT NULL,
  state TEXT NOT NULL,
  orders TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX print_batches_request ON print_batches(request_id);
CREATE INDEX print_batches_created ON print_batches(created_at);

-- One job per printer + tray + paper of a batch: one PDF, one OS job.
CREATE TABLE print_jobs (
  id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL REFERENCES print_batches(id) ON DELETE CASCADE,
  request_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  printer_id TEXT NOT NULL REFERENCES printers(id),
  tray TEXT,
  paper TEXT NOT NULL,
  fit_to_page INTEGER NOT NULL DEFAULT 0,
  copies INTEGER NOT NULL DEFAULT 1,
  -- queued → rendering → submitting → submitted → done | failed
  state TEXT NOT NULL CHECK (state IN ('queued', 'rendering', 'submitting', 'submitted', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  os_job_id TEXT,
  -- The OS job is held until its id is recorded, then released (see queue.ts).
  released INTEGER NOT NULL DEFAULT 0,
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  submitted_at TEXT,
  finished_at TEXT
);
CREATE INDEX print_jobs_batch ON print_jobs(batch_id);
CREATE INDEX print_jobs_state ON print_jobs(state, next_attempt_at);
CREATE INDEX print_jobs_request ON print_jobs(request_id);

CREATE TABLE print_job_documents (
  job_id TEXT NOT NULL REFERENCES print_jobs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  document_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  template_id TEXT,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX print_job_documents_order ON print_job_documents(order_id);
