/**
 * The folder (events into the calling-context tree), the views, the mergeable accumulator of node profiles and the
 * diff: the engine's machinery, exported to the engine only.
 *
 * <p>Warnings: Eclipse Collections, protobuf-java and sketches-java are automatic modules (they have no descriptor of
 * their own), which is all they can be. The engine the machinery is exported to is compiled after this module.
 */
@SuppressWarnings({"requires-automatic", "module"})
module dev.ppw.aggregate {
    requires transitive dev.ppw.model;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    exports dev.ppw.aggregate to dev.ppw.engine;
}
