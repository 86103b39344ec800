package dev.ppw.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Column layout of text tables, in one place: each column is as wide as its widest cell, columns are
 * separated by two spaces, numbers align right and text left, and lines carry no trailing blanks. A cell's
 * width is what a terminal shows of it: colour escape sequences ({@link Heat}) take none.
 */
final class TextTable {
    enum Align { LEFT, RIGHT }

    private static final String GAP = "  ";

    private final List<String> titles = new ArrayList<>();
    private final List<Align> aligns = new ArrayList<>();
    private final List<String[]> rows = new ArrayList<>();

    TextTable column(String title, Align align) {
        titles.add(title);
        aligns.add(align);
        return this;
    }

    void addRow(String... cells) {
        if (cells.length != titles.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + titles.size() + " columns");
        }
        rows.add(cells.clone());
    }

    void render(Appendable out) throws IOException {
        render(out, false);
    }

    /** As {@link #render(Appendable)}, with a line of dashes above and below the titles when {@code ruled}. */
    void render(Appendable out, boolean ruled) throws IOException {
        int[] widths = new int[titles.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = titles.get(c).length();
        }
        for (String[] row : rows) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], Heat.visibleLength(row[c]));
            }
        }
        StringBuilder heading = new StringBuilder();
        renderLine(heading, titles.toArray(String[]::new), widths);
        String rule = ruled ? "-".repeat(heading.length() - 1) + "\n" : "";
        out.append(rule).append(heading).append(rule);
        for (String[] row : rows) {
            renderLine(out, row, widths);
        }
    }

    private void renderLine(Appendable out, String[] cells, int[] widths) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                line.append(GAP);
            }
            int pad = widths[c] - Heat.visibleLength(cells[c]);
            if (aligns.get(c) == Align.RIGHT) {
                line.repeat(' ', pad).append(cells[c]);
            } else {
                line.append(cells[c]).repeat(' ', pad);
            }
        }
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        line.setLength(end);
        out.append(line).append('\n');
    }
}
