/**
 * Output writers as plug-ins: {@link dev.ppw.model.output.OutputWriter}, one per format, found by
 * {@link java.util.ServiceLoader} through a {@link dev.ppw.model.output.WriterRegistry}. The writers live
 * in {@code report}; callers (the command line, later an engine API) see only this interface.
 */
package dev.ppw.model.output;
