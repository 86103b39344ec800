package dev.ppw.report;

import dev.ppw.model.CallTree;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines that draw a tree before its names: {@code ├─ } before a row with a later sibling, {@code └─ }
 * before the last one, {@code │  } below a row whose siblings go on, blanks below a last one; roots have
 * none. ASCII draws {@code |- }, {@code `- } and {@code |  } instead, for outputs that cannot show box
 * drawing. Siblings are the rows printed: a row whose later siblings were left out is drawn as the last.
 */
final class TreeDrawing {
    private static final TreeDrawing UNICODE = new TreeDrawing("\u251c\u2500 ", "\u2514\u2500 ", "\u2502  ");
    private static final TreeDrawing ASCII = new TreeDrawing("|- ", "`- ", "|  ");
    private static final String BLANK = "   ";

    private final String tee;
    private final String last;
    private final String bar;

    private TreeDrawing(String tee, String last, String bar) {
        this.tee = tee;
        this.last = last;
        this.bar = bar;
    }

    static TreeDrawing of(boolean asciiOnly) {
        return asciiOnly ? ASCII : UNICODE;
    }

    /**
     * The prefix of each of {@code rows}, index for index: the rows are a preorder of {@code tree}'s nodes that
     * holds the parent of every row that is not a root (as RowOrder gives them).
     */
    String[] prefixes(CallTree tree, int[] rows) {
        boolean[] laterSibling = new boolean[rows.length];
        boolean[] hasLaterChild = new boolean[tree.size()];
        // Backwards, the first child met of a parent is its last one printed.
        for (int i = rows.length - 1; i >= 0; i--) {
            int parent = tree.parent(rows[i]);
            laterSibling[i] = hasLaterChild[parent];
            hasLaterChild[parent] = true;
        }
        String[] prefixes = new String[rows.length];
        // below.get(d - 1): what a row at depth d > d' draws in the column of its ancestor at depth d'.
        List<String> below = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows.length; i++) {
            int depth = tree.depth(rows[i]);
            if (depth == 0) {
                prefixes[i] = "";
                below.clear();
                continue;
            }
            while (below.size() > depth - 1) {
                below.remove(below.size() - 1);
            }
            sb.setLength(0);
            for (String s : below) {
                sb.append(s);
            }
            sb.append(laterSibling[i] ? tee : last);
            prefixes[i] = sb.toString();
            below.add(laterSibling[i] ? bar : BLANK);
        }
        return prefixes;
    }
}
