package dev.ppw.report;

import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Report;
import dev.ppw.model.SavedProfileLayout;

/**
 * The saved profile's {@link SavedProfileLayout#CALL_TIMES_COLUMN}: each row's call-time sketch as
 * {@link CallTimeSketch#encode()} writes it, null for a row without one; so that a merge of saved
 * profiles still has percentiles. JSON only, last.
 */
record CallTimesColumn() implements RowColumn {
    @Override
    public String columnName(DisplayUnit unit) {
        return SavedProfileLayout.CALL_TIMES_COLUMN;
    }

    @Override
    public String text(Report report, int node, DisplayUnit unit) {
        CallTimeSketch sketch = report.profile().tree().callTimes(node);
        return sketch == null || sketch.isEmpty() ? null : sketch.encode();
    }

    @Override
    public boolean isText() {
        return true;
    }
}
