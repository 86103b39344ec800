package dev.ppw.server;

import dev.ppw.testing.browser.HostileNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report's hostile names (report's {@code HostileNames}) in every name a run has: the server's own pages
 * show them as text (never markup, in element text and attribute values alike), and the JSON answers give them back
 * exactly, with no {@code <} that a page could take for markup. The report and diff pages are the HTML writer's
 * (ServerPagesMatchCommandsTest); its own tests check its escaping.
 */
class HostileNamesTest {
    @TempDir
    static Path folder;

    private static Served served;

    @BeforeAll
    static void start() throws IOException {
        served = Served.start(folder);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static final List<String> OWN_PAGES = List.of("/", "/?session=" + Query.encode(HostileNames.ALL.get(1)),
            "/runs/1", "/history?region=main&region=" + Query.encode(HostileNames.ALL.get(2)),
            "/history?context=" + Query.encode(HostileNames.ALL.get(0)),
            "/?tag=" + Query.encode("note=" + HostileNames.ALL.get(3)));

    @Test
    void theServersOwnPagesShowEveryHostileNameAsText() throws IOException {
        for (String target : OWN_PAGES) {
            Served.Answer a = served.get(target);
            assertEquals(200, a.status(), target);
            String page = a.text();
            for (String name : HostileNames.ALL) {
                assertFalse(page.contains(name), target + " holds " + name + " as it is");
            }
            assertFalse(page.contains("<script>") || page.contains("onerror") && !page.contains("onerror=window"),
                    target);
            // the only script elements are the server's files and inert data
            for (int at = page.indexOf("<script"); at >= 0; at = page.indexOf("<script", at + 1)) {
                String tag = page.substring(at, page.indexOf('>', at) + 1);
                assertTrue(tag.startsWith("<script src=\"/assets/") || tag.startsWith("<script type=\"application/json\""),
                        target + ": " + tag);
            }
        }
    }

    @Test
    void theRunPageShowsTheNamesEscapedWhereTheyBelong() throws IOException {
        String page = served.get("/runs/1").text();
        List<String> h = HostileNames.ALL;
        assertTrue(page.contains("<title>ppw-java run 1 " + Html.text(h.get(0)) + "</title>"), page);
        assertTrue(page.contains("<dt>session</dt><dd>" + Html.text(h.get(1)) + "</dd>"), page);
        assertTrue(page.contains("<dt>K</dt><dd>" + Html.text(h.get(4)) + "</dd>"), page);
        assertTrue(page.contains("<dt>command line</dt><dd>" + Html.text(String.join(" ", h)) + "</dd>"), page);
        String list = served.get("/").text();
        assertTrue(list.contains("<option value=\"" + Html.text(h.get(1)) + "\">"), list);
        assertTrue(list.contains("<td class=\"name\">" + Html.text(h.get(0)) + "</td>"), list);
    }

    @Test
    void theApiGivesEveryNameBackExactlyAndNoAngleBracket() throws IOException {
        List<String> h = HostileNames.ALL;
        Served.Answer a = served.get("/api/runs/1");
        assertFalse(a.text().contains("<"), a.text());
        Map<?, ?> run = (Map<?, ?>) ((Map<?, ?>) Json.parse(a.text())).get("run");
        assertEquals(h.get(0), run.get("label"));
        assertEquals(h.get(1), run.get("session"));
        assertEquals(Map.of("<b>key</b>&amp;\"x\"", h.get(2), "note", h.get(3)), run.get("tags"));
        assertEquals(h, run.get("command_line"));
        assertEquals(Map.of("K", h.get(4)), run.get("environment"));
        for (String name : h) {
            Served.Answer history = served.get("/api/history?region=main&region=" + Query.encode(name));
            assertFalse(history.text().contains("<"), history.text());
            Map<?, ?> body = (Map<?, ?>) Json.parse(history.text());
            assertEquals(List.of("main", name), body.get("context"));
            List<?> points = (List<?>) body.get("runs");
            assertEquals(1, points.size(), name);
            assertEquals(1L, ((Map<?, ?>) points.get(0)).get("run"));
            assertEquals(h.get(0), ((Map<?, ?>) points.get(0)).get("label"));
        }
        for (String target : List.of("/api/runs", "/api/sessions")) {
            assertFalse(served.get(target).text().contains("<"), target);
        }
        // the JSON writer's report and diff as the writer makes them: JSON, never sniffed as a page
        for (String target : List.of("/api/runs/1/report", "/api/diff?a=1&b=2")) {
            Served.Answer report = served.get(target);
            assertEquals("application/json", report.header("Content-Type").orElseThrow(), target);
            assertEquals("nosniff", report.header("X-Content-Type-Options").orElseThrow(), target);
            java.util.Set<String> strings = new java.util.HashSet<>();
            strings(Json.parse(report.text()), strings);
            assertTrue(strings.containsAll(h), target + " gives every name back exactly");
        }
        Map<?, ?> sessions = (Map<?, ?>) Json.parse(served.get("/api/sessions").text());
        assertEquals(List.of("tuning", h.get(1)), ((List<?>) sessions.get("sessions")).stream()
                .map(s -> ((Map<?, ?>) s).get("name")).toList());
    }

    private static void strings(Object json, java.util.Set<String> into) {
        if (json instanceof String text) {
            into.add(text);
        } else if (json instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                into.add((String) k);
                strings(v, into);
            });
        } else if (json instanceof List<?> list) {
            list.forEach(v -> strings(v, into));
        }
    }

    @Test
    void aRawFileIsDownloadedAsItWasStoredUnderASafeName() throws IOException {
        Served.Answer a = served.get("/api/runs/1/raw/perf.data");
        assertEquals("raw bytes of run 1\n", a.text());
        assertEquals("application/octet-stream", a.header("Content-Type").orElseThrow());
        assertEquals("attachment; filename=\"perf.data\"", a.header("Content-Disposition").orElseThrow());
    }
}
