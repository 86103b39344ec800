/** The {@code ppw-java} command: picocli commands binding their options onto the engine's requests. */
module dev.ppw.cli {
    requires dev.ppw.engine;
    requires dev.ppw.store;
    requires org.xerial.sqlitejdbc;
    requires dev.ppw.workload;
    requires dev.ppw.server;
    requires org.apache.commons.csv;
    requires com.fasterxml.jackson.core;
    requires me.tongfei.progressbar;
    requires jdk.unsupported;
}
