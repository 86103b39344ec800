package dev.ppw.server;

/**
 * A request answered with an error status and a one-line plain message: a bad id (400), a run that is not there
 * (404), a refusal (403). Thrown by handlers; the dispatcher answers it and logs nothing.
 */
final class HttpError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    HttpError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static HttpError badRequest(String message) {
        return new HttpError(400, message);
    }

    static HttpError forbidden(String message) {
        return new HttpError(403, message);
    }

    static HttpError notFound(String message) {
        return new HttpError(404, message);
    }

    int status() {
        return status;
    }
}
