package dev.ppw.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may ask (docs/server.md, "Security"): no token or a wrong one is a 403 on every route, the token in the query,
 * the header or the cookie set after it opens them; a foreign Host (DNS rebinding) or Origin (CSRF) is a 403 even
 * with the token; bad ids are 400, unknown routes and runs 404; no answer holds a stack trace.
 */
class ServerSecurityTest {
    @TempDir
    static Path folder;

    private static Served served;
    private static String host;

    @BeforeAll
    static void start() throws IOException {
        served = Served.start(folder);
        host = "Host: 127.0.0.1:" + served.port();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void everyTargetIsRefusedWithoutTheTokenAndAnsweredWithIt() throws IOException {
        for (String target : Served.everyTarget()) {
            Served.Answer without = served.send("GET", target, host);
            assertEquals(403, without.status(), target);
            assertTrue(without.text().startsWith("this server needs its token"), without.text());
            assertFalse(without.text().contains("main"), "nothing of the store before the token: " + target);
            assertEquals(200, served.get(target).status(), target);
        }
    }

    @Test
    void aWrongTokenIsRefusedWhereverItComes() throws IOException {
        String wrong = Served.TOKEN.substring(1) + "x";
        assertEquals(403, served.send("GET", "/api/runs?token=" + wrong, host).status());
        assertEquals(403, served.send("GET", "/api/runs", host, "Authorization: token " + wrong).status());
        assertEquals(403, served.send("GET", "/api/runs", host, "Authorization: bearer " + Served.TOKEN).status());
        assertEquals(403, served.send("GET", "/api/runs", host, "Cookie: ppw_token_" + served.port() + "=" + wrong)
                .status());
        // a cookie of another port's server is not this one's
        assertEquals(403, served.send("GET", "/api/runs", host, "Cookie: ppw_token_1=" + Served.TOKEN).status());
        // a wrong token in the query decides, even with the right cookie beside it
        assertEquals(403, served.send("GET", "/api/runs?token=" + wrong, host,
                "Cookie: ppw_token_" + served.port() + "=" + Served.TOKEN).status());
    }

    @Test
    void theTokenInTheQuerySetsTheCookieThatOpensTheNextRequests() throws IOException {
        Served.Answer first = served.send("GET", "/?token=" + Served.TOKEN, host);
        assertEquals(200, first.status());
        String cookie = first.header("Set-Cookie").orElseThrow();
        assertTrue(cookie.startsWith("ppw_token_" + served.port() + "=" + Served.TOKEN + ";"), cookie);
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        String pair = cookie.substring(0, cookie.indexOf(';'));
        assertEquals(200, served.send("GET", "/runs/2", host, "Cookie: other=1; " + pair).status());
        assertEquals(200, served.send("GET", "/api/runs?token=" + Served.TOKEN, host).status());
    }

    @Test
    void aForeignHostIsRefusedEvenWithTheToken() throws IOException {
        int port = served.port();
        for (String h : List.of("evil.example:" + port, "evil.example", "127.0.0.1.evil.example:" + port,
                "127.0.0.1:" + (port + 1), "127.0.0.1", "user@127.0.0.1:" + port, "", "192.168.1.10:" + port)) {
            Served.Answer a = served.send("GET", "/api/runs?token=" + Served.TOKEN, "Host: " + h);
            assertEquals(403, a.status(), h);
            assertFalse(a.text().contains("main"), h);
        }
        assertEquals(403, served.send("GET", "/api/runs?token=" + Served.TOKEN).status(), "no Host at all");
        for (String h : List.of("localhost:" + port, "LOCALHOST:" + port, "127.0.0.1:" + port, "127.0.0.2:" + port)) {
            assertEquals(200, served.send("GET", "/api/runs?token=" + Served.TOKEN, "Host: " + h).status(), h);
        }
    }

    @Test
    void aForeignOriginIsRefusedEvenWithTheToken() throws IOException {
        String auth = "Authorization: token " + Served.TOKEN;
        for (String origin : List.of("http://evil.example", "http://127.0.0.1:" + (served.port() + 1),
                "https://127.0.0.1:" + served.port(), "null", "http://127.0.0.1:" + served.port() + "/x")) {
            assertEquals(403, served.send("GET", "/api/runs", host, auth, "Origin: " + origin).status(), origin);
        }
        assertEquals(200, served.send("GET", "/api/runs", host, auth, "Origin: http://127.0.0.1:" + served.port())
                .status());
        assertEquals(200, served.send("GET", "/api/runs", host, auth, "Origin: http://localhost:" + served.port())
                .status());
        // a change asked with the cookie alone needs the Origin: a form on another site cannot post with it
        String cookie = "Cookie: ppw_token_" + served.port() + "=" + Served.TOKEN;
        Served.Answer post = served.send("POST", "/api/runs", host, cookie);
        assertEquals(403, post.status());
        assertTrue(post.text().contains("needs an Origin"), post.text());
        assertEquals(405, served.send("POST", "/api/runs", host, auth).status(), "the guard passes; no POST here");
    }

    @Test
    void badIdsAre400AndUnknownRoutesAndRuns404() throws IOException {
        for (String target : List.of("/runs/abc", "/runs/0", "/runs/-1", "/runs/1.5", "/runs/99999999999999999999",
                "/api/runs/x", "/api/runs/0/profile", "/diff?a=1", "/diff?a=1&b=z", "/diff?run=1",
                "/diff?run=1&run=2&run=3", "/api/diff?b=2", "/api/history", "/api/history?context=main&metric=nope",
                "/api/history?context=main&last=0", "/api/runs?last=-3", "/api/runs?since=yesterday",
                "/api/runs?tag=novalue", "/api/runs/1/report?format=nope", "/api/runs/1/report?format=tau",
                "/api/diff?a=1&b=2&format=folded")) {
            Served.Answer a = served.get(target);
            assertEquals(400, a.status(), target + ": " + a.text());
            assertEquals("text/plain; charset=utf-8", a.header("Content-Type").orElseThrow(), target);
            assertOneLineWithoutTrace(a, target);
        }
        // a bad escape in the path or query is refused by the JDK's parser before any handler: its own one line
        for (String target : List.of("/runs/%zz", "/api/runs?session=%e", "/api/runs?session=a%2")) {
            Served.Answer a = served.get(target);
            assertEquals(400, a.status(), target + ": " + a.text());
            assertFalse(a.text().contains("\tat "), a.text());
        }
        for (String target : List.of("/nope", "/runs", "/runs/1/nope", "/api/nope", "/api/runs/99", "/runs/99",
                "/runs/99/report", "/api/runs/99/profile", "/api/runs/1/raw/nope", "/api/runs/2/raw/perf.data",
                "/diff?a=1&b=99", "/assets/nope.js", "/assets/..%2Fmodule-info.class", "/favicon.ico")) {
            Served.Answer a = served.get(target);
            assertEquals(404, a.status(), target + ": " + a.text());
            assertOneLineWithoutTrace(a, target);
        }
        assertEquals(List.of(), List.copyOf(served.problems));
    }

    @Test
    void headAnswersAsGetWithoutABodyAndOtherMethodsAre405() throws IOException {
        Served.Answer head = served.send("HEAD", "/api/runs", host, "Authorization: token " + Served.TOKEN);
        assertEquals(200, head.status());
        assertEquals(0, head.body().length);
        Served.Answer delete = served.send("DELETE", "/runs/1", host, "Authorization: token " + Served.TOKEN);
        assertEquals(405, delete.status());
        assertEquals("GET", delete.header("Allow").orElseThrow());
    }

    @Test
    void pagesForbidInlineScriptAndFramingByOthers() throws IOException {
        Served.Answer page = served.get("/");
        String policy = page.header("Content-Security-Policy").orElseThrow();
        assertTrue(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'self'"), policy);
        assertEquals("nosniff", page.header("X-Content-Type-Options").orElseThrow());
        String report = served.get("/runs/1/report").header("Content-Security-Policy").orElseThrow();
        assertTrue(report.contains("default-src 'none'") && !report.contains("connect-src"), report);
    }

    private static void assertOneLineWithoutTrace(Served.Answer a, String target) {
        String text = a.text();
        assertTrue(text.endsWith("\n") && text.indexOf('\n') == text.length() - 1, target + ": " + text);
        assertFalse(text.contains("Exception") || text.contains("\tat ") || text.contains("dev.ppw."),
                target + ": " + text);
    }
}
