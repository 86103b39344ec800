package dev.ppw.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stored run as listed: everything said about it, without its profile ({@link RunStore#savedProfile}) or rows.
 *
 * @param id                  the run's number in this store, from 1, never given again after the run is removed
 * @param uuid                its id in every store (a run copied elsewhere keeps it)
 * @param created             when it was made (millisecond precision)
 * @param label               its label, empty when none
 * @param session             its session's name, empty when none
 * @param tags                tag key to value, keys in text order
 * @param view                the stored profile's view: tree, callpath, flat or tau
 * @param tauDepth            its depth N for tau, else 0
 * @param operator            how its nodes were combined: sum, min, max or avg
 * @param missing             what an absent row counted as: zero or present
 * @param nodes               how many node profiles it combines
 * @param measure             what its inclusive and exclusive values measure: {@code time}, or a sample weight's name
 * @param measureUnit         their unit: {@code ns} for time, else the weight's ({@code bytes}, {@code events}, ...)
 * @param totalInclusive      the main part's total of the measure (the thread part's, or the samples part's in a
 *                            profile of samples only; SEMANTICS.md section 3's 100%)
 * @param asyncTotalInclusive the async part's total, empty when the profile has no async part
 * @param rows                how many rows the stored profile has
 * @param tool                the ppw-java that stored it
 * @param gitCommit           the work tree's commit when stored inside one, else empty
 * @param gitBranch           its branch, empty when detached or unknown
 * @param outcome             how its workload ended
 * @param commandLine         the command's arguments
 * @param environment         what it ran on and with
 * @param settings            the tool's settings
 */
public record RunInfo(long id, String uuid, Instant created, String label, String session, Map<String, String> tags,
                      String view, int tauDepth, String operator, String missing, int nodes, String measure,
                      String measureUnit, long totalInclusive, Optional<Long> asyncTotalInclusive, long rows,
                      String tool, String gitCommit, String gitBranch, NewRun.Outcome outcome,
                      List<String> commandLine, Map<String, String> environment, Map<String, String> settings) {
}
