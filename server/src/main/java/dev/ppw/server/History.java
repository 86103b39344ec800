package dev.ppw.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.model.Part;
import dev.ppw.store.ContextName;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.HistoryPoint;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunStore;
import dev.ppw.store.SpreadCheck;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * One region across the stored runs (SEMANTICS.md "History"), as {@code ppw-java history} reads it: the points, and
 * the check of the newest against the spread of up to {@code previous} points before it (median and MAD: the
 * rule of {@link SpreadCheck}).
 *
 * @param context  the region: a path, or a flat region
 * @param metric   the value followed
 * @param points   each run's value, oldest first
 * @param previous how many points before the newest the check takes at most
 * @param verdict  the check, empty with fewer than {@link SpreadCheck#MIN_PREVIOUS} points before the newest
 */
record History(ContextName context, HistoryMetric metric, List<HistoryPoint> points, int previous,
               Optional<SpreadCheck.Verdict> verdict) {
    /** How many runs before the newest the check takes when the request does not say: as {@code history --check}. */
    static final int DEFAULT_PREVIOUS = 20;

    /** The rule, in the words of SEMANTICS.md. */
    static final String RULE = "the newest run is flagged when |x - m| > max(" + SpreadCheck.K + " * "
            + SpreadCheck.NORMAL_SCALE + " * MAD, " + SpreadCheck.FLOOR + " * |m|), m the median of the runs"
            + " before it and MAD their median absolute deviation from m; no verdict with fewer than "
            + SpreadCheck.MIN_PREVIOUS + " runs before it (SEMANTICS.md \"History\")";

    /**
     * The region a query names: {@code context} as {@code ppw-java history} takes it (a path {@code a => b}, its
     * names trimmed, or a flat region; {@code path} makes a name a root's context), or {@code region} values, the
     * path's names exactly as they are (a name with spaces at its ends, or holding {@code =>}); {@code async} for the
     * async part, {@code part} for any ({@code thread}, {@code async}, {@code samples}). A bad one is a 400.
     */
    static ContextName context(Request request) {
        Part part = flag(request, "async") ? Part.ASYNC : Part.THREAD;
        Optional<String> named = request.param("part");
        if (named.isPresent()) {
            part = Part.ofLabel(named.get());
            if (part == null) {
                throw HttpError.badRequest("part=" + named.get() + ": thread, async or samples");
            }
        }
        List<String> regions = request.query().getOrDefault("region", List.of());
        if (!regions.isEmpty()) {
            if (request.param("context").isPresent() || regions.stream().anyMatch(String::isEmpty)) {
                throw HttpError.badRequest("history takes a context or region names, each not empty, not both");
            }
            return new ContextName(regions, regions.size() == 1 && !flag(request, "path"), part);
        }
        String text = request.param("context").orElseThrow(() -> HttpError.badRequest(
                "history needs a context: a path 'a => b' or a region name"));
        try {
            return ContextName.parse(text.strip(), flag(request, "path"), part);
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest(e.getMessage());
        }
    }

    /** The metric a query names ({@code metric}, inclusive when absent); a bad one is a 400. */
    static HistoryMetric metric(Request request) {
        try {
            return HistoryMetric.ofLabel(request.param("metric").orElse("inclusive"));
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest(e.getMessage());
        }
    }

    /** True when the request names the part: else its history is of the runs' main part. */
    static boolean partAsked(Request request) {
        return flag(request, "async") || request.param("part").isPresent();
    }

    /**
     * The points of {@code context} over the runs of {@code filter}: in the part asked, or in the runs' main part
     * (thread time, else sampled stacks) when none is, with the context found.
     */
    static RunStore.MainPartHistory points(RunStore store, Request request, ContextName context, HistoryMetric metric,
                                           RunFilter filter) {
        return partAsked(request) ? new RunStore.MainPartHistory(context, store.history(context, metric, filter))
                : store.historyInMainPart(context, metric, filter);
    }

    static boolean flag(Request request, String name) {
        Optional<String> v = request.param(name);
        return v.isPresent() && !v.get().equals("0") && !v.get().equalsIgnoreCase("false");
    }

    /** The history of {@code context} over the runs {@code filter} takes, checked over {@code previous}. */
    static History of(ContextName context, HistoryMetric metric, List<HistoryPoint> points, int previous) {
        Optional<SpreadCheck.Verdict> verdict = Optional.empty();
        if (!points.isEmpty()) {
            int newest = points.size() - 1;
            long[] before = points.subList(Math.max(0, newest - previous), newest).stream()
                    .mapToLong(HistoryPoint::value).toArray();
            verdict = SpreadCheck.check(before, points.get(newest).value());
        }
        return new History(context, metric, points, previous, verdict);
    }

    /** The filter a request gives, unchanged: the store's {@code last} is of the runs that have the region. */
    static RunFilter filter(Request request) {
        return RunQuery.filter(request, java.time.Instant.now());
    }

    String unit() {
        return points.isEmpty() ? "" : points.get(0).unit();
    }

    /** The check in words, as {@code history --check} says it; or why there is none. */
    String verdictText() {
        if (points.isEmpty()) {
            return "no stored run has " + context + " (with these filters)";
        }
        HistoryPoint newest = points.get(points.size() - 1);
        if (verdict.isEmpty()) {
            return "no check: run " + newest.run() + " has " + Math.min(previous, points.size() - 1)
                    + " runs before it with the region, and the check needs " + SpreadCheck.MIN_PREVIOUS;
        }
        SpreadCheck.Verdict v = verdict.get();
        String unit = newest.unit();
        return "run " + newest.run() + " at " + Shown.value(newest.value(), unit) + " is " + direction(v)
                + " the spread of the " + v.previous() + " runs before it (median "
                + Shown.value(Math.round(v.median()), unit) + ", MAD " + Shown.value(Math.round(v.mad()), unit)
                + ", flagged beyond " + Shown.value(Math.round(v.threshold()), unit) + " from the median)";
    }

    static String direction(SpreadCheck.Verdict v) {
        return v.direction() > 0 ? "above" : v.direction() < 0 ? "below" : "within";
    }

    void write(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("context");
        for (String region : context.path()) {
            g.writeString(region);
        }
        g.writeEndArray();
        g.writeStringField("name", context.toString());
        g.writeBooleanField("flat", context.flat());
        g.writeStringField("part", context.part().label());
        g.writeStringField("metric", metric.label());
        g.writeStringField("unit", unit());
        g.writeArrayFieldStart("runs");
        for (HistoryPoint p : points) {
            g.writeStartObject();
            g.writeNumberField("run", p.run());
            g.writeStringField("created", p.created().toString());
            g.writeNumberField("created_ms", p.created().toEpochMilli());
            g.writeStringField("label", p.label());
            g.writeNumberField("value", p.value());
            g.writeStringField("unit", p.unit());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("check");
        g.writeStringField("rule", RULE);
        g.writeNumberField("previous", previous);
        if (verdict.isPresent()) {
            SpreadCheck.Verdict v = verdict.get();
            g.writeNumberField("run", points.get(points.size() - 1).run());
            g.writeStringField("verdict", direction(v));
            g.writeNumberField("compared", v.previous());
            g.writeNumberField("median", v.median());
            g.writeNumberField("mad", v.mad());
            g.writeNumberField("threshold", v.threshold());
        }
        g.writeStringField("text", verdictText());
        g.writeEndObject();
        g.writeEndObject();
    }
}
