/**
 * The one API every front end calls (the command line, a server, a cluster job, a program): {@link
 * dev.ppw.engine.Engine} and its immutable requests and results. It reads the formats and writers that other modules
 * provide, whichever are there.
 */
module dev.ppw.engine {
    requires transitive dev.ppw.model;
    requires dev.ppw.aggregate;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    exports dev.ppw.engine;
}
