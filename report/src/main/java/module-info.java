/**
 * The output writers: one class per format behind {@link dev.ppw.model.output.OutputWriter}, found through the
 * {@code provides} line (and the same line in {@code META-INF/services}, for the class path). Writers format what a
 * report holds and compute nothing. Nothing is exported.
 *
 * <p>Warnings: Eclipse Collections, protobuf-java and sketches-java are automatic modules (they have no descriptor of
 * their own), which is all they can be.
 */
@SuppressWarnings("requires-automatic")
module dev.ppw.report {
    requires dev.ppw.model;
    requires com.fasterxml.jackson.core;
    requires com.google.protobuf;
    requires org.apache.commons.csv;

    provides dev.ppw.model.output.OutputWriter with
            dev.ppw.report.CsvWriter,
            dev.ppw.report.JsonWriter,
            dev.ppw.report.TextWriter,
            dev.ppw.report.FoldedWriter,
            dev.ppw.report.SpeedscopeWriter,
            dev.ppw.report.HatchetWriter,
            dev.ppw.report.pprof.PprofWriter,
            dev.ppw.report.HtmlWriter,
            dev.ppw.report.TauProfileWriter;
}
