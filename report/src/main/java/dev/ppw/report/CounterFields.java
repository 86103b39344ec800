package dev.ppw.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.SavedProfileLayout.CounterMember;

import java.io.IOException;
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

    /** Column {@code i} of {@code values} as JSON: a string for the text columns, a number for the others. */
    static void writeJsonValue(JsonGenerator g, String[] values, int i) throws IOException {
        if (i < TEXT_COLUMNS) {
            g.writeString(values[i]);
        } else {
            g.writeNumber(values[i]);
        }
    }

    /** One series as a JSON array of its {@link #COLUMNS}' values, in their order. */
    static void writeJsonRow(JsonGenerator g, CounterSeries c) throws IOException {
        String[] values = values(c);
        g.writeStartArray();
        for (int i = 0; i < values.length; i++) {
            writeJsonValue(g, values, i);
        }
        g.writeEndArray();
    }
}
