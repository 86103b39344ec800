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
        if (depth == 2) {
            g.writeRaw("\n    ");
        }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(depth == 2 ? ",\n    " : ", ");
    }

    @Override
    public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
        depth--;
        g.writeRaw(depth == 1 && nrOfValues > 0 ? "\n  ]" : "]");
    }
}
