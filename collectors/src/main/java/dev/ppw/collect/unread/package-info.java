/**
 * Formats ppw-java recognises but does not read yet, one {@link dev.ppw.model.format.UnreadFormat} each: detection
 * names them and says what works today instead of calling them unrecognized or failing in a reader. Each is
 * one class and one line in {@code META-INF/services/dev.ppw.model.format.UnreadFormat}; a reader of the format
 * replaces its recognizer by taking its name, and the recognizer's line (and class) is deleted.
 *
 * <p>Probes follow {@link dev.ppw.model.format.InputFormat#probe}: magic bytes or a structure only the format has
 * are certain, a file name is only ever a hint. None of them may claim a Chrome trace, folded stacks or a saved
 * profile: detection asks them only when no reader is certain, and a reader wins every tie.
 */
package dev.ppw.collect.unread;
