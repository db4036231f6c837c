package dev.clockwork.bench.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.Samples;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The dashboard's and the list endpoints' reads over a large database: {@code instances} copies of
 * a real instance with {@code historyRows} history rows in all, each endpoint called one request at
 * a time (as a dashboard does), p50 and p99 per endpoint.
 */
final class ListEndpointsBench {
  static final double P99_TARGET_MILLIS = 200;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final BenchPostgres postgres;
  private final ApiCommand settings;

  ListEndpointsBench(BenchPostgres postgres, ApiCommand settings) {
    this.postgres = postgres;
    this.settings = settings;
  }

  Section run() throws IOException, InterruptedException {
    try (BenchDatabase db = postgres.create("api_lists");
        ApiServer api = new ApiServer(db, false)) {
      int instances = settings.listInstances();
      int rowsPerInstance = Math.max(1, settings.historyRows() / instances);
      api.engine.create(NewInstance.of("toggle").id("template"));
      for (int i = 0; i < 9; i++) {
        api.engine.send("template", Event.of("TOGGLE"));
      }
      long started = System.nanoTime();
      BenchData.copyInstance(db, "template", "i", instances - 1);
      BenchData.copyHistory(db, "template", "i", instances - 1, rowsPerInstance);
      RunReport.progress(
          String.format(
              Locale.ROOT,
              "%d instances, %d history rows written in %.1f s",
              instances,
              (long) (instances - 1) * rowsPerInstance,
              (System.nanoTime() - started) / 1e9));
      HttpClient http = HttpClient.newHttpClient();
      Map<String, IntFunction<String>> endpoints = new LinkedHashMap<>();
      endpoints.put("GET /api/instances (first page)", i -> "/api/instances?limit=50");
      List<String> cursors = cursors(http, api, 50);
      endpoints.put(
          "GET /api/instances (later pages)",
          i -> "/api/instances?limit=50&cursor=" + encode(cursors.get(i % cursors.size())));
      endpoints.put(
          "GET /api/instances?machine&state",
          i -> "/api/instances?machine=toggle&state=on&limit=50");
      endpoints.put(
          "GET /api/instances/{id}", i -> "/api/instances/i-" + (1 + i * 97 % (instances - 1)));
      endpoints.put(
          "GET /api/instances/{id}/history",
          i -> "/api/instances/i-" + (1 + i * 89 % (instances - 1)) + "/history?limit=100");
      endpoints.put("GET /api/queues", i -> "/api/queues");
      endpoints.put("GET /api/dead-letters", i -> "/api/dead-letters?limit=50");
      endpoints.put("GET /api/timers", i -> "/api/timers?limit=50");
      Table table = new Table("endpoint", "calls", "p50", "p99", "max", "statuses");
      List<Target> targets = new ArrayList<>();
      for (Map.Entry<String, IntFunction<String>> endpoint : endpoints.entrySet()) {
        Samples latencies = new Samples();
        Map<Integer, Integer> statuses = new LinkedHashMap<>();
        int calls = settings.calls();
        for (int i = -calls / 10; i < calls; i++) {
          long start = System.nanoTime();
          HttpResponse<String> response =
              http.send(
                  api.request(endpoint.getValue().apply(Math.max(0, i))).GET().build(),
                  HttpResponse.BodyHandlers.ofString());
          if (i >= 0) {
            latencies.add(System.nanoTime() - start);
            statuses.merge(response.statusCode(), 1, Integer::sum);
          }
        }
        boolean ok = statuses.keySet().equals(Set.of(200));
        table.row(
            endpoint.getKey(),
            Integer.toString(calls),
            Figures.millis(latencies.percentile(0.5)),
            Figures.millis(latencies.percentile(0.99)),
            Figures.millis(latencies.max()),
            statuses.toString());
        targets.add(
            new Target(
                endpoint.getKey() + " p99",
                Figures.millis(latencies.percentile(0.99)),
                "≤ 200 ms, all 200",
                ok && latencies.percentile(0.99) / 1e6 <= P99_TARGET_MILLIS));
      }
      String text =
          String.format(
                  Locale.ROOT,
                  "### List endpoints over %,d instances and %,d history rows%n%n",
                  instances,
                  (long) instances * rowsPerInstance)
              + table.markdown();
      return new Section(text, targets);
    }
  }

  /** Cursors of successive pages of {@code /api/instances}, walking {@code pages} pages in. */
  private static List<String> cursors(HttpClient http, ApiServer api, int pages)
      throws IOException, InterruptedException {
    List<String> cursors = new ArrayList<>();
    String path = "/api/instances?limit=50";
    for (int i = 0; i < pages; i++) {
      HttpResponse<String> response =
          http.send(api.request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        break;
      }
      JsonNode next = JSON.readTree(response.body()).get("next_cursor");
      if (next == null || next.isNull()) {
        break;
      }
      cursors.add(next.asText());
      path = "/api/instances?limit=50&cursor=" + encode(next.asText());
    }
    return cursors.isEmpty() ? List.of("") : cursors;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
