/**
 * The one API every front end calls (the command line, a server, a cluster job, a program): {@link
 * dev.ppw.engine.Engine} and its immutable requests and results. It reads the formats and writers that other modules
 * provide, whichever are there.
 *
 * <p>Warnings: Eclipse Collections, protobuf-java and sketches-java are automatic modules (they have no descriptor of
 * their own), which is all they can be.
 */
@SuppressWarnings("requires-automatic")
module dev.ppw.engine {
    requires transitive dev.ppw.model;
    requires dev.ppw.aggregate;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    exports dev.ppw.engine;
}
