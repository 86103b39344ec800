package dev.ppw.workload;

import dev.ppw.model.BadInputException;

/**
 * A workload that cannot be run as asked: perf is not installed, perf events are not permitted
 * ({@code perf_event_paranoid}), the command or working folder does not exist. Its message is one line saying what
 * to install, set or fix; nothing was started. A workload that starts and then fails is not this: it ends with a
 * failed {@link WorkloadResult}.
 */
public final class WorkloadException extends BadInputException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String oneLineMessage) {
        super(oneLineMessage);
    }

    public WorkloadException(String oneLineMessage, Throwable cause) {
        super(oneLineMessage, cause);
    }
}
