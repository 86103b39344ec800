package dev.ppw.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;

import java.io.IOException;

/**
 * Layout of the ppw-profile JSON: one top-level member per line, each element of a top-level array (a
 * row, an input) on its own line, everything deeper on one line. A tree of thousands of rows stays
 * diffable line by line without a pretty printer's bulk. One instance per generator (it keeps the depth).
 */
final class ProfileJsonLayout implements PrettyPrinter {
    private int depth;
    /** The depth of an array nested in a member whose elements also go one per line (-1: none). */
    private int linesDepth = -1;

    /**
     * The next array opened (a member of a top-level object: a time bins' long form) has each element on its own
     * line too, as the top-level arrays do: millions of them would be one line otherwise.
     */
    void nextArrayOnLines() {
        linesDepth = depth + 1;
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        depth++;
        g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
        if (depth == 1) {
            g.writeRaw("\n  ");
        }
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        g.writeRaw(depth == 1 ? ",\n  " : ", ");
    }

    @Override
    public void writeEndObject(JsonGenerator g, int nrOfEntries) throws IOException {
        depth--;
        g.writeRaw(depth == 0 && nrOfEntries > 0 ? "\n}" : "}");
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        depth++;
        g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
        if (depth == 2 || depth == linesDepth) {
            g.writeRaw("\n    ");
        }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(depth == 2 || depth == linesDepth ? ",\n    " : ", ");
    }

    @Override
    public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
        boolean lines = depth == linesDepth;
        if (lines) {
            linesDepth = -1;
        }
        depth--;
        g.writeRaw((depth == 1 || lines) && nrOfValues > 0 ? "\n  ]" : "]");
    }
}
