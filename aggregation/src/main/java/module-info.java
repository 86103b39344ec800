/**
 * The folder (events into the calling-context tree), the views, the mergeable accumulator of node profiles and the
 * diff: the engine's machinery, exported to the engine only.
 */
module dev.ppw.aggregate {
    requires transitive dev.ppw.model;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    exports dev.ppw.aggregate to dev.ppw.engine;
}
