package dev.ppw.engine;

import dev.ppw.model.MergeOp;
import dev.ppw.model.Presentation;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an analysis keeps for a writer comes from the writer's declarations, never its name. */
class AnalysisShownByTest {
    /** A writer that only declares. */
    private record Declaring(String name, boolean writesSections, boolean writesNodeValues,
                             Set<ReportFeature> features) implements OutputWriter {
        @Override
        public String description() {
            return name;
        }

        @Override
        public boolean binary() {
            return false;
        }

        @Override
        public List<String> fileExtensions() {
            return List.of();
        }

        @Override
        public Set<Content> accepts() {
            return Set.of(Content.PROFILE, Content.MERGED);
        }

        @Override
        public void write(Report report, OutputStream out) {
            throw new AssertionError("declarations only");
        }
    }

    /** A folder of files, declaring nothing else. */
    private record Folder(String name) implements FolderWriter {
        @Override
        public String description() {
            return name;
        }

        @Override
        public boolean binary() {
            return false;
        }

        @Override
        public List<String> fileExtensions() {
            return List.of();
        }

        @Override
        public Set<Content> accepts() {
            return Set.of(Content.PROFILE, Content.MERGED);
        }

        @Override
        public void write(Report report, OutputStream out) {
            throw new AssertionError("declarations only");
        }

        @Override
        public void write(Report report, Entries entries) {
            throw new AssertionError("declarations only");
        }
    }

    private static final List<InputSource> NONE = List.of();
    private static final OutputWriter ROWS = new Declaring("rows", false, false, Set.of());
    private static final OutputWriter PAGE = new Declaring("page", false, true, Set.of(ReportFeature.UNIT));
    private static final OutputWriter PROFILES = new Declaring("profiles", true, false, Set.of());
    private static final OutputWriter LAYOUTS = new Declaring("layouts", false, false, Set.of(ReportFeature.STYLE));

    @Test
    void aWriterOfRowsOnlyAddsNothing() {
        Analysis merge = Analysis.merge(NONE, MergeOp.MAX).shownBy(ROWS, Presentation.Style.TAU);
        assertFalse(merge.sections());
        assertFalse(merge.combine().breakdown());
    }

    @Test
    void aWriterOfEachNodesValuesGetsTheBreakdownAndTheNodesOfAMergeOnly() {
        Analysis merge = Analysis.merge(NONE, MergeOp.SUM).shownBy(PAGE, Presentation.Style.TABLE);
        assertTrue(merge.sections());
        assertTrue(merge.combine().breakdown());
        Analysis profile = Analysis.profile(NONE).shownBy(PAGE, Presentation.Style.TABLE);
        assertFalse(profile.sections(), "a profile's page shows no thread on its own");
        assertFalse(profile.combine().breakdown());
    }

    @Test
    void sectionsGoToWhoPrintsThem() {
        assertTrue(Analysis.profile(NONE).shownBy(PROFILES, Presentation.Style.TABLE).sections());
        assertTrue(Analysis.profile(NONE).shownBy(new Folder("files"), Presentation.Style.TABLE).sections());
        assertTrue(Analysis.profile(NONE).shownBy(LAYOUTS, Presentation.Style.TAU).sections(),
                "TAU's layout of a writer that lays text out");
        assertFalse(Analysis.profile(NONE).shownBy(LAYOUTS, Presentation.Style.TABLE).sections());
        assertFalse(Analysis.profile(NONE).shownBy(ROWS, Presentation.Style.TAU).sections(),
                "the style of a writer that has none");
        assertTrue(Analysis.profile(NONE).withSections(true).shownBy(ROWS, Presentation.Style.TABLE).sections(),
                "what was asked stays asked");
    }

    @Test
    void theCountersViewHasNoRowsToShowApart() {
        Analysis counters = Analysis.merge(NONE, MergeOp.SUM).withView(ViewSpec.of(ViewKind.COUNTERS, 2))
                .shownBy(PAGE, Presentation.Style.TAU);
        assertFalse(counters.sections());
        assertFalse(counters.combine().breakdown());
    }
}
