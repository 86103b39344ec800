package dev.ppw.server;

import com.sun.net.httpserver.Headers;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Host and Origin rules by the address bound: loopback, a wildcard, one address; names never looked up. */
class GuardTest {
    private static final String TOKEN = "0123456789abcdef0123";

    private static Headers host(String value) {
        Headers h = new Headers();
        h.add("Host", value);
        return h;
    }

    private static boolean hostTaken(Guard g, String value) {
        return g.hostProblem(host(value)).isEmpty();
    }

    @Test
    void onLoopbackOnlyLoopbackNamesAndAddressesAtThePort() throws Exception {
        Guard g = new Guard(TOKEN, InetAddress.getByName("127.0.0.1"), 8765);
        for (String ok : List.of("127.0.0.1:8765", "localhost:8765", "[::1]:8765", "127.1.2.3:8765")) {
            assertTrue(hostTaken(g, ok), ok);
        }
        for (String no : List.of("192.168.1.5:8765", "evil.example:8765", "localhost.evil.example:8765",
                "127.0.0.1:80", "127.0.0.1", "[::1]", "127.0.0.1:8765x", "[::1:8765", "0x7f000001:8765")) {
            assertTrue(g.hostProblem(host(no)).isPresent(), no);
        }
        Headers two = host("127.0.0.1:8765");
        two.add("Host", "127.0.0.1:8765");
        assertTrue(g.hostProblem(two).isPresent(), "two Host headers");
    }

    @Test
    void onAWildcardAnyAddressButNoName() throws Exception {
        Guard g = new Guard(TOKEN, InetAddress.getByName("0.0.0.0"), 80);
        for (String ok : List.of("192.168.1.5", "10.0.0.1:80", "[fe80::1]", "localhost")) {
            assertTrue(hostTaken(g, ok), ok);
        }
        for (String no : List.of("myhost", "myhost.example.org:80", "evil.example")) {
            assertTrue(g.hostProblem(host(no)).isPresent(), no);
        }
    }

    @Test
    void onOneAddressThatAddressAndLoopback() throws Exception {
        Guard g = new Guard(TOKEN, InetAddress.getByName("10.1.2.3"), 9000);
        assertTrue(hostTaken(g, "10.1.2.3:9000"));
        assertTrue(hostTaken(g, "127.0.0.1:9000"));
        assertTrue(g.hostProblem(host("10.1.2.4:9000")).isPresent());
    }

    @Test
    void theTokenIsComparedWhole() throws Exception {
        Guard g = new Guard(TOKEN, InetAddress.getByName("127.0.0.1"), 1);
        assertEquals(Optional.of(Guard.Proof.QUERY), g.proof(Optional.of(TOKEN), new Headers()));
        for (String wrong : List.of(TOKEN.substring(1), TOKEN + "0", "", TOKEN.toUpperCase())) {
            assertEquals(Optional.empty(), g.proof(Optional.of(wrong), new Headers()), wrong);
        }
        Headers auth = new Headers();
        auth.add("Authorization", "Token   " + TOKEN);
        assertEquals(Optional.of(Guard.Proof.HEADER), g.proof(Optional.empty(), auth));
        assertNotEquals(Guard.newToken(), Guard.newToken());
        assertTrue(Guard.newToken().matches("[0-9a-f]{48}"));
    }
}
