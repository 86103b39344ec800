-- Each point of a run's counter series over time (perf stat -I's intervals: docs/store.md), beside the summary that
-- counter_series keeps: the same table, columns and key as postgresql/V2__counter_points.sql. A point names its
-- series as counter_series does (pid, counter, series_id, series); seq orders a run's points, series by series
-- and each series in time.
CREATE TABLE counter_points (
  run INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  pid TEXT NOT NULL,
  counter TEXT NOT NULL,
  series_id TEXT NOT NULL,
  series TEXT NOT NULL,
  at_ns INTEGER NOT NULL,
  value REAL NOT NULL,
  PRIMARY KEY (run, seq)
) WITHOUT ROWID;
