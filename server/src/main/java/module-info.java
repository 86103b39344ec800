/**
 * {@code ppw-java serve} (docs/server.md): the stored runs, their HTML reports, diffs and history in a browser, and a
 * JSON API, on the JDK's HTTP server. A front end on the engine and store APIs only; the pages it shows of a run or a
 * diff are the HTML writer's, which the engine finds.
 */
module dev.ppw.server {
    requires dev.ppw.engine;
    requires dev.ppw.store;
    requires jdk.httpserver;
    requires com.fasterxml.jackson.core;

    exports dev.ppw.server;
}
