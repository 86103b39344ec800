package dev.ppw.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pages' own files: the server's script and style ({@code src/main/resources/dev/ppw/server/assets/}) and
 * uPlot's, read from its WebJar through the class loader (as the HTML writer reads it). Read once, kept.
 */
final class Assets {
    private static final String OWN = "dev/ppw/server/assets/";
    private static final String UPLOT = "META-INF/resources/webjars/uplot/";
    private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final Map<String, String> UPLOT_FILES = Map.of("uPlot.iife.min.js", "dist/uPlot.iife.min.js",
            "uPlot.min.css", "dist/uPlot.min.css", "uPlot.LICENSE", "LICENSE");

    private final Map<String, byte[]> cache = new ConcurrentHashMap<>();

    /** The file {@code name} as an answer (cached by the browser for an hour), or 404. */
    Response get(String name) {
        byte[] content = cache.computeIfAbsent(name, Assets::read);
        if (content.length == 0) {
            throw HttpError.notFound("no asset " + Ids.shorten(name));
        }
        return Response.bytes(200, type(name), content).withHeader("Cache-Control", "private, max-age=3600");
    }

    private static String type(String name) {
        if (name.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (name.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        return "text/plain; charset=utf-8";
    }

    /** The bytes of {@code name}, empty when there is no such file (names are looked up, never made into paths). */
    private static byte[] read(String name) {
        // The server's own files through its class (in a named module, the class loader does not look into a
        // package that is not open); uPlot's outside any package, through the class loader.
        ClassLoader loader = Assets.class.getClassLoader();
        try (InputStream in = UPLOT_FILES.containsKey(name)
                ? loader.getResourceAsStream(UPLOT + uplotVersion(loader) + "/" + UPLOT_FILES.get(name))
                : name.matches("[a-z][a-z0-9-]*\\.(js|css)") ? Assets.class.getResourceAsStream("/" + OWN + name)
                : null) {
            return in == null ? new byte[0] : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String uplotVersion(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(UPLOT_POM)) {
            if (in == null) {
                throw new IllegalStateException("uPlot's WebJar is not on the class path: " + UPLOT_POM);
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
