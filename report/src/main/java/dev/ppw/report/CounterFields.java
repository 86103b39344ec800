package dev.ppw.report;

import dev.ppw.model.CounterSeries;
import dev.ppw.model.SavedProfileLayout.CounterMember;

import java.util.List;

/**
 * The columns of the generic counter series (SEMANTICS.md "Counters"), shared by the counters view of every
 * format and the {@code counters} array of JSON: pid, counter, id, series, samples, min, max, mean, last.
 * Values are printed as the shortest decimal that reads back as the double ({@link RowField#plain}).
 */
final class CounterFields {
    static final List<String> COLUMNS = List.of(CounterMember.PID, CounterMember.COUNTER, CounterMember.ID,
            CounterMember.SERIES, CounterMember.SAMPLES, CounterMember.MIN, CounterMember.MAX, CounterMember.MEAN,
            CounterMember.LAST);
    /** The first this many columns are text, the others numbers. */
    static final int TEXT_COLUMNS = 4;

    private CounterFields() {
    }

    static String[] values(CounterSeries c) {
        return new String[] {c.pid(), c.counter(), c.id(), c.series(), Long.toString(c.samples()),
                RowField.plain(c.min()), RowField.plain(c.max()), RowField.plain(c.mean()), RowField.plain(c.last())};
    }
}
