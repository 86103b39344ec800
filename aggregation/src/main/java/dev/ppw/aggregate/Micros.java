package dev.ppw.aggregate;

import java.math.BigDecimal;

/** Formats nanoseconds as exact decimal microseconds for messages (the unit of Chrome traces). */
final class Micros {
    private Micros() {
    }

    static String text(long nanos) {
        return BigDecimal.valueOf(nanos, 3).stripTrailingZeros().toPlainString();
    }
}
