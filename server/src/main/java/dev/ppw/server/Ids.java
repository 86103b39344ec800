package dev.ppw.server;

/** Run ids as the paths and queries spell them: decimal, positive, within a {@code long}; anything else is a 400. */
final class Ids {
    private Ids() {
    }

    static long parse(String what, String text) {
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw HttpError.badRequest("bad " + what + " '" + shorten(text) + "': a run id is a positive integer");
        }
        long id = Long.parseLong(text);
        if (id < 1) {
            throw HttpError.badRequest("bad " + what + " '" + text + "': a run id is a positive integer");
        }
        return id;
    }

    /** At most 40 characters of {@code text}, for a message. */
    static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
