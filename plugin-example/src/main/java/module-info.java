/**
 * A toy input format and a toy output writer plugged into ppw-java: each a package of its own, each registered by
 * one {@code provides} line here (on the module path) and the same line in {@code META-INF/services} (on the class
 * path, as the tests run it). Nothing is exported: ppw-java uses them through the model's interfaces only.
 */
module dev.ppw.example {
    requires dev.ppw.model;

    provides dev.ppw.model.format.InputFormat with dev.ppw.example.toyformat.ToyTraceFormat;
    provides dev.ppw.model.output.OutputWriter with dev.ppw.example.toywriter.ToyWriter;
}
