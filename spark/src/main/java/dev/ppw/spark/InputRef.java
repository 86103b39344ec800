package dev.ppw.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * One input of a merge as it travels to a task: what a task needs to open it and to accumulate it where the local
 * merge would.
 *
 * @param index    its position among all the merge's inputs, from 0 (ties between nodes go by it)
 * @param label    its node's label, made on the driver from every input's name
 * @param name     its name in messages, as the driver named it
 * @param location a local path (absolute, so that a task's working folder does not matter) or a Hadoop URI
 * @param kind     how {@code location} is opened
 */
record InputRef(int index, String label, String name, String location, Kind kind) implements Serializable {
    /** How an input is opened in a task. */
    enum Kind {
        /** A local file (the cluster's nodes must see it at the same path: a shared file system). */
        FILE,
        /** A local folder read as one input (a CTF trace). */
        DIRECTORY,
        /** A file of a Hadoop file system (hdfs://, s3a://, file://), read at offsets. */
        HADOOP
    }

    InputRef {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(kind, "kind");
    }
}
