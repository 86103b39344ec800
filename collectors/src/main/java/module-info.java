/**
 * The input formats: one package per format, each a streaming reader behind {@link dev.ppw.model.format.InputFormat},
 * found through its {@code provides} line (and the same line in {@code META-INF/services}, for the class path), in the
 * same order in both: the formats' file endings are searched for, and listed, in the order the formats come.
 * Nothing is exported: formats are used through the model's interfaces only.
 *
 * <p>Warnings: Eclipse Collections, protobuf-java and sketches-java are automatic modules (they have no descriptor of
 * their own), which is all they can be.
 */
@SuppressWarnings("requires-automatic")
module dev.ppw.collect {
    requires dev.ppw.model;
    requires com.fasterxml.jackson.core;
    requires com.google.protobuf;

    provides dev.ppw.model.format.InputFormat with
            dev.ppw.collect.chrome.ChromeJsonFormat,
            dev.ppw.collect.saved.SavedProfileFormat,
            dev.ppw.collect.folded.FoldedFormat,
            dev.ppw.collect.perf.PerfScriptFormat,
            dev.ppw.collect.perf.PerfStatFormat,
            dev.ppw.collect.perfetto.PerfettoFormat,
            dev.ppw.collect.lttng.BabeltraceTextFormat,
            dev.ppw.collect.ctf.LttngCtfFormat,
            dev.ppw.collect.jfr.JfrFormat,
            dev.ppw.collect.v8.V8CpuProfileFormat,
            dev.ppw.collect.pprof.PprofFormat,
            dev.ppw.collect.tau.TauProfileFormat;
    provides dev.ppw.model.format.UnreadFormat with
            dev.ppw.collect.unread.CaliperFile,
            dev.ppw.collect.unread.HatchetLiteral,
            dev.ppw.collect.unread.NsightReport,
            dev.ppw.collect.unread.OtherJson,
            dev.ppw.collect.unread.Otf2Archive,
            dev.ppw.collect.unread.PerfData,
            dev.ppw.collect.unread.PythonPstats,
            dev.ppw.collect.unread.SpeedscopeFile;
}
