package dev.ppw.server;

import dev.ppw.store.CounterPoint;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.HistoryPoint;
import dev.ppw.store.RawFile;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;

/**
 * The JSON API under {@code /api/} (docs/server.md): the runs, a run, its saved profile and raw files, a run's report
 * and a diff in any writer's format, the sessions, and a region's history with its check.
 */
final class Api {
    private final StorePool stores;
    private final Reports reports;

    Api(StorePool stores, Reports reports) {
        this.stores = stores;
        this.reports = reports;
    }

    /** {@code GET /api/runs}: the runs a filter takes, oldest first. */
    Response runs(Request request) {
        RunFilter filter = RunQuery.filter(request, Instant.now());
        List<RunInfo> runs = stores.with(store -> store.list(filter));
        return Response.json(Json.bytes(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("runs");
            for (RunInfo r : runs) {
                RunJson.write(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        }));
    }

    /** {@code GET /api/sessions}: every session, the latest first. */
    Response sessions(Request request) {
        List<Sessions> sessions = Sessions.of(stores.with(store -> store.list(RunFilter.all())));
        return Response.json(Json.bytes(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("sessions");
            for (Sessions s : sessions) {
                g.writeStartObject();
                g.writeStringField("name", s.name());
                g.writeNumberField("runs", s.runs());
                g.writeStringField("first", s.first().toString());
                g.writeStringField("latest", s.latest().toString());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }));
    }

    private record RunAndFiles(RunInfo run, List<RawFile> raw) {
    }

    /** {@code GET /api/runs/ID}: the run and its raw files. */
    Response run(Request request) {
        long id = request.id("id");
        RunAndFiles found = stores.with(store -> new RunAndFiles(RunQuery.run(store, id), store.rawFiles(id)));
        return Response.json(Json.bytes(g -> RunJson.write(g, found.run(), found.raw())));
    }

    private record RunPoints(RunInfo run, List<CounterPoint> points) {
    }

    /** {@code GET /api/runs/ID/counters}: the run's counter series over time. */
    Response counters(Request request) {
        long id = request.id("id");
        RunPoints found = stores.with(store -> new RunPoints(RunQuery.run(store, id), store.counterPoints(id)));
        return Response.json(Json.bytes(g -> RunJson.counters(g, found.run().id(), found.points())));
    }

    /** {@code GET /api/runs/ID/profile}: the saved profile as stored, gzipped ppw-profile JSON. */
    Response profile(Request request) {
        long id = request.id("id");
        byte[] profile = stores.with(store -> {
            RunQuery.run(store, id);
            return store.savedProfile(id);
        });
        return Response.bytes(200, "application/gzip", profile).asDownload("run-" + id + ".ppw.json.gz");
    }

    /** {@code GET /api/runs/ID/raw/NAME}: a raw file kept with the run, streamed from beside the store. */
    Response raw(Request request) {
        long id = request.id("id");
        String name = request.pathValue("name");
        RawFile file = stores.with(store -> {
            RunQuery.run(store, id);
            return store.rawFiles(id).stream().filter(f -> f.name().equals(name)).findFirst()
                    .orElseThrow(() -> HttpError.notFound("run " + id + " has no raw file '" + Ids.shorten(name) + "'"));
        });
        if (!Files.isRegularFile(file.file())) {
            throw HttpError.notFound("run " + id + "'s raw file '" + Ids.shorten(name) + "' is gone from "
                    + file.file().getParent());
        }
        long size;
        try {
            size = Files.size(file.file());
        } catch (IOException e) {
            throw HttpError.notFound("cannot read run " + id + "'s raw file '" + Ids.shorten(name) + "'");
        }
        return new Response(200, "application/octet-stream", java.util.Map.of(), size, out -> {
            try (InputStream in = Files.newInputStream(file.file())) {
                in.transferTo(out);
            }
        }).asDownload(name);
    }

    private record Profiled(RunInfo run, byte[] profile) {
    }

    private record Profiles(RunInfo a, byte[] profileA, RunInfo b, byte[] profileB) {
    }

    /** {@code GET /api/runs/ID/report?format=F}: the run's report in any writer's format (JSON by default). */
    Response report(Request request) throws IOException {
        long id = request.id("id");
        String format = request.param("format").orElse("json");
        reports.writer(format, false);
        Profiled found = stores.with(store -> new Profiled(RunQuery.run(store, id), store.savedProfile(id)));
        return typed(format, reports.run(found.run(), found.profile(), format));
    }

    /** {@code GET /api/diff?a=ID&b=ID&format=F}: B against the baseline A (JSON by default). */
    Response diff(Request request) throws IOException {
        long[] ids = Pages.diffIds(request);
        String format = request.param("format").orElse("json");
        reports.writer(format, true);
        Profiles p = stores.with(store -> {
            RunInfo a = RunQuery.run(store, ids[0]);
            RunInfo b = RunQuery.run(store, ids[1]);
            return new Profiles(a, store.savedProfile(a.id()), b, store.savedProfile(b.id()));
        });
        return typed(format, reports.diff(p.a(), p.profileA(), p.b(), p.profileB(), format));
    }

    private static Response typed(String format, byte[] content) {
        Response r = Response.bytes(200, switch (format) {
            case "json", "speedscope", "hatchet" -> Response.JSON;
            case "html" -> Response.HTML;
            case "csv" -> "text/csv; charset=utf-8";
            case "text", "folded" -> Response.TEXT;
            default -> "application/octet-stream";
        }, content);
        return format.equals("html") ? r.withHeader("Content-Security-Policy", Html.REPORT_POLICY) : r;
    }

    /**
     * {@code GET /api/history?context=C}: one region's value in each run that has it, oldest first, and the check of
     * the newest against the {@code previous} (20) before it.
     */
    Response history(Request request) {
        var context = History.context(request);
        HistoryMetric metric = History.metric(request);
        RunFilter filter = History.filter(request);
        int previous = RunQuery.count(request, "previous", History.DEFAULT_PREVIOUS);
        List<HistoryPoint> points = stores.with(store -> store.history(context, metric, filter));
        History history = History.of(context, metric, points, previous);
        return Response.json(Json.bytes(history::write));
    }

    /** The store's run count, for {@code GET /api/}: a cheap question that proves the token and the store. */
    Response index(Request request) {
        long count = stores.with(RunStore::count);
        return Response.json(Json.bytes(g -> {
            g.writeStartObject();
            g.writeStringField("tool", dev.ppw.model.Version.tool());
            g.writeNumberField("runs", count);
            g.writeEndObject();
        }));
    }
}
