package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;

import java.util.Objects;

/**
 * What an analysis gives: the report any writer renders ({@link Engine#write}), holding the profile in the view
 * asked, its rows in order, and whatever the request kept (breakdown, sections, time bins or phases, a diff), with
 * the diagnostics of reading; and the inputs left out. Immutable.
 *
 * @param report        what to write
 * @param droppedInputs the inputs left out because they could not be read ({@link ReadingOptions#skipBad()})
 * @param inputCount    how many inputs the analysis had (each side's, summed, for a diff)
 */
public record AnalysisResult(Report report, DroppedInputs droppedInputs, int inputCount) {
    public AnalysisResult {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(droppedInputs, "droppedInputs");
    }

    /** The profile shown, in the view asked (a diff's: the union of both sides' rows). */
    public Profile profile() {
        return report.profile();
    }

    /** What reading the inputs counted: warnings, and notes of what the profile has no use for. */
    public Diagnostics diagnostics() {
        return report.diagnostics();
    }

    /** True when reading met no warning and left no input out: what {@code --strict} asks. */
    public boolean clean() {
        return !report.diagnostics().hasWarnings() && droppedInputs.isEmpty();
    }
}
