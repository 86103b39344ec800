-- The first schema of the run store (docs/store.md). The same tables, columns and keys as postgresql/V1__runs.sql;
-- only the types and SQLite's WITHOUT ROWID (a table stored in its primary key's order) differ.
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL
);

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL,
  label TEXT,
  session_id INTEGER,
  command_line TEXT NOT NULL,
  environment TEXT NOT NULL,
  settings TEXT NOT NULL,
  view TEXT NOT NULL,
  tau_depth INTEGER NOT NULL,
  operator TEXT NOT NULL,
  missing TEXT NOT NULL,
  nodes INTEGER NOT NULL,
  measure TEXT NOT NULL,
  measure_unit TEXT NOT NULL,
  total_inclusive INTEGER NOT NULL,
  async_total_inclusive INTEGER,
  row_count INTEGER NOT NULL,
  tool_version TEXT NOT NULL,
  git_commit TEXT,
  git_branch TEXT,
  status TEXT NOT NULL,
  exit_status INTEGER,
  stderr_tail TEXT
);
CREATE INDEX runs_created ON runs (created_ms);
CREATE INDEX runs_label ON runs (label);
CREATE INDEX runs_session ON runs (session_id);

CREATE TABLE run_profiles (
  run INTEGER PRIMARY KEY,
  format TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  profile BLOB NOT NULL
);

CREATE TABLE tags (
  run INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (run, key)
) WITHOUT ROWID;
CREATE INDEX tags_key ON tags (key, value);

CREATE TABLE names (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE contexts (
  id INTEGER PRIMARY KEY,
  parent INTEGER NOT NULL,
  part INTEGER NOT NULL,
  region INTEGER NOT NULL,
  callsite INTEGER NOT NULL,
  UNIQUE (parent, part, region, callsite)
);
CREATE INDEX contexts_region ON contexts (region);

CREATE TABLE context_values (
  ctx INTEGER NOT NULL,
  run INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  subcalls INTEGER NOT NULL,
  inclusive INTEGER NOT NULL,
  exclusive INTEGER NOT NULL,
  min_inclusive INTEGER,
  max_inclusive INTEGER,
  PRIMARY KEY (ctx, run)
) WITHOUT ROWID;
CREATE INDEX context_values_run ON context_values (run, ctx);

CREATE TABLE flat_values (
  region INTEGER NOT NULL,
  part INTEGER NOT NULL,
  run INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  subcalls INTEGER NOT NULL,
  inclusive INTEGER NOT NULL,
  exclusive INTEGER NOT NULL,
  min_inclusive INTEGER,
  max_inclusive INTEGER,
  PRIMARY KEY (region, part, run)
) WITHOUT ROWID;
CREATE INDEX flat_values_run ON flat_values (run, region, part);

CREATE TABLE counter_series (
  run INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  pid TEXT NOT NULL,
  counter TEXT NOT NULL,
  series_id TEXT NOT NULL,
  series TEXT NOT NULL,
  samples INTEGER NOT NULL,
  min_value REAL NOT NULL,
  max_value REAL NOT NULL,
  sum_value REAL NOT NULL,
  last_ns INTEGER NOT NULL,
  last_value REAL NOT NULL,
  PRIMARY KEY (run, seq)
) WITHOUT ROWID;

CREATE TABLE raw_files (
  run INTEGER NOT NULL,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (run, name)
) WITHOUT ROWID;
