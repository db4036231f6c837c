package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Table;
import dev.clockwork.bench.report.Target;
import dev.clockwork.runtime.NewInstance;
import dev.clockwork.runtime.instance.CreateOptions;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Queued sends: {@code POST /api/instances/{id}/events?mode=queued} at a fixed rate over many
 * instances while the workers process what arrives, latency counted from each request's due time.
 */
final class QueuedSendBench {
  static final double P50_TARGET_MILLIS = 5;
  static final double P99_TARGET_MILLIS = 20;

  private final BenchPostgres postgres;
  private final ApiCommand settings;

  QueuedSendBench(BenchPostgres postgres, ApiCommand settings) {
    this.postgres = postgres;
    this.settings = settings;
  }

  Section run() throws InterruptedException {
    try (BenchDatabase db = postgres.create("api_queued");
        ApiServer api = new ApiServer(db, true)) {
      int instances = settings.instances();
      List<NewInstance> creations = new ArrayList<>();
      for (int i = 0; i < instances; i++) {
        creations.add(new NewInstance("toggle", "t-" + i, Map.of(), CreateOptions.DEFAULTS));
      }
      api.engine.createAll(creations);
      RunReport.progress(instances + " instances created");
      HttpClient http = HttpClient.newBuilder().build();
      OpenLoop.run(http, settings.rate() * 2, settings.rate() / 2, i -> send(api, i, instances));
      RunReport.progress("warm-up done");
      int requests = settings.rate() * settings.seconds();
      OpenLoop.Result result =
          OpenLoop.run(http, requests, settings.rate(), i -> send(api, i, instances));
      double p50 = result.latencies().percentile(0.5) / 1e6;
      double p99 = result.latencies().percentile(0.99) / 1e6;
      Table table =
          new Table("requests", "rate asked", "rate achieved", "p50", "p99", "max", "statuses")
              .row(
                  Figures.count(requests),
                  settings.rate() + "/s",
                  Figures.rate(result.latencies().size() / result.seconds()),
                  Figures.millis(result.latencies().percentile(0.5)),
                  Figures.millis(result.latencies().percentile(0.99)),
                  Figures.millis(result.latencies().max()),
                  result.statuses()
                      + (result.failures() > 0 ? " failed " + result.failures() : ""));
      String text =
          String.format(
                  Locale.ROOT,
                  "### Queued POST → 202 (%d instances, workers running)%n%n",
                  instances)
              + table.render();
      boolean all202 = result.failures() == 0 && result.statuses().keySet().equals(Set.of(202));
      return new Section(
          text,
          List.of(
              new Target(
                  "queued POST p50",
                  Figures.millis(p50 * 1e6),
                  "≤ 5 ms",
                  p50 <= P50_TARGET_MILLIS && all202),
              new Target(
                  "queued POST p99",
                  Figures.millis(p99 * 1e6),
                  "≤ 20 ms",
                  p99 <= P99_TARGET_MILLIS && all202)));
    }
  }

  private static HttpRequest send(ApiServer api, int i, int instances) {
    return api.request("/api/instances/t-" + (i % instances) + "/events?mode=queued")
        .header("Content-Type", "application/json")
        .POST(
            HttpRequest.BodyPublishers.ofString(
                "{\"type\":\"TOGGLE\",\"payload\":{\"n\":" + i + "}}"))
        .build();
  }
}
