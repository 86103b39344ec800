-- Each point of a run's counter series over time (perf stat -I's intervals: docs/store.md), beside the summary that
-- counter_series keeps: the same table, columns and key as sqlite/V2__counter_points.sql, in PostgreSQL's types.
CREATE TABLE counter_points (
  run BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  pid TEXT NOT NULL,
  counter TEXT NOT NULL,
  series_id TEXT NOT NULL,
  series TEXT NOT NULL,
  at_ns BIGINT NOT NULL,
  value DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (run, seq)
);
