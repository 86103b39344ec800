/**
 * The data of ppw-java and its plug-in points: names, frames and the calling-context tree as primitive columns,
 * declared metrics, profiles and reports, diagnostics; the input formats, output writers and the workers that carry
 * out an analysis. Everything here is API: every other module reads it.
 *
 * <p>Warnings: Eclipse Collections, protobuf-java and sketches-java are automatic modules (they have no descriptor of
 * their own), which is all they can be.
 */
@SuppressWarnings("requires-automatic")
module dev.ppw.model {
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;
    requires sketches.java;

    exports dev.ppw.model;
    exports dev.ppw.model.format;
    exports dev.ppw.model.output;
    exports dev.ppw.model.work;

    uses dev.ppw.model.format.InputFormat;
    uses dev.ppw.model.format.UnreadFormat;
    uses dev.ppw.model.output.OutputWriter;
}
