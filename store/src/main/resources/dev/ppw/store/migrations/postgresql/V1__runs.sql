-- The first schema of the run store (docs/store.md). The same tables, columns and keys as sqlite/V1__runs.sql;
-- only the types differ, and the value tables' keys carry their values (INCLUDE) so that a context's values
-- across runs are read from the key alone, as SQLite's tables are.
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE sessions (
  id BIGINT PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  created_ms BIGINT NOT NULL
);

CREATE TABLE runs (
  id BIGINT PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  created_ms BIGINT NOT NULL,
  label TEXT,
  session_id BIGINT,
  command_line TEXT NOT NULL,
  environment TEXT NOT NULL,
  settings TEXT NOT NULL,
  view TEXT NOT NULL,
  tau_depth BIGINT NOT NULL,
  operator TEXT NOT NULL,
  missing TEXT NOT NULL,
  nodes BIGINT NOT NULL,
  measure TEXT NOT NULL,
  measure_unit TEXT NOT NULL,
  total_inclusive BIGINT NOT NULL,
  async_total_inclusive BIGINT,
  row_count BIGINT NOT NULL,
  tool_version TEXT NOT NULL,
  git_commit TEXT,
  git_branch TEXT,
  status TEXT NOT NULL,
  exit_status BIGINT,
  stderr_tail TEXT
);
CREATE INDEX runs_created ON runs (created_ms);
CREATE INDEX runs_label ON runs (label);
CREATE INDEX runs_session ON runs (session_id);

CREATE TABLE run_profiles (
  run BIGINT PRIMARY KEY,
  format TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  profile BYTEA NOT NULL
);

CREATE TABLE tags (
  run BIGINT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (run, key)
);
CREATE INDEX tags_key ON tags (key, value);

CREATE TABLE names (
  id BIGINT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE contexts (
  id BIGINT PRIMARY KEY,
  parent BIGINT NOT NULL,
  part BIGINT NOT NULL,
  region BIGINT NOT NULL,
  callsite BIGINT NOT NULL,
  UNIQUE (parent, part, region, callsite)
);
CREATE INDEX contexts_region ON contexts (region);

CREATE TABLE context_values (
  ctx BIGINT NOT NULL,
  run BIGINT NOT NULL,
  calls BIGINT NOT NULL,
  subcalls BIGINT NOT NULL,
  inclusive BIGINT NOT NULL,
  exclusive BIGINT NOT NULL,
  min_inclusive BIGINT,
  max_inclusive BIGINT,
  PRIMARY KEY (ctx, run) INCLUDE (calls, subcalls, inclusive, exclusive, min_inclusive, max_inclusive)
);
CREATE INDEX context_values_run ON context_values (run, ctx);

CREATE TABLE flat_values (
  region BIGINT NOT NULL,
  part BIGINT NOT NULL,
  run BIGINT NOT NULL,
  calls BIGINT NOT NULL,
  subcalls BIGINT NOT NULL,
  inclusive BIGINT NOT NULL,
  exclusive BIGINT NOT NULL,
  min_inclusive BIGINT,
  max_inclusive BIGINT,
  PRIMARY KEY (region, part, run) INCLUDE (calls, subcalls, inclusive, exclusive, min_inclusive, max_inclusive)
);
CREATE INDEX flat_values_run ON flat_values (run, region, part);

CREATE TABLE counter_series (
  run BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  pid TEXT NOT NULL,
  counter TEXT NOT NULL,
  series_id TEXT NOT NULL,
  series TEXT NOT NULL,
  samples BIGINT NOT NULL,
  min_value DOUBLE PRECISION NOT NULL,
  max_value DOUBLE PRECISION NOT NULL,
  sum_value DOUBLE PRECISION NOT NULL,
  last_ns BIGINT NOT NULL,
  last_value DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (run, seq)
);

CREATE TABLE raw_files (
  run BIGINT NOT NULL,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  PRIMARY KEY (run, name)
);
