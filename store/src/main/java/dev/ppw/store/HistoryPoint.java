package dev.ppw.store;

import java.time.Instant;

/**
 * One run's value of a region ({@link RunStore#history}).
 *
 * @param run     the run's id
 * @param created when the run was made
 * @param label   its label, empty when none
 * @param value   the value: in {@code unit}, exact
 * @param unit    {@code ns} for time, the run's sample weight's unit, or {@code calls} for calls and subcalls
 */
public record HistoryPoint(long run, Instant created, String label, long value, String unit) {
}
