package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.instance.NewInstance;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Queued sends: {@code POST /api/instances/{id}/events?mode=queued} at a fixed rate over many
 * instances, sent by {@code wrk} from a second process, while the workers process what arrives.
 */
final class QueuedSendBench {
  static final double P50_TARGET_MILLIS = 5;
  static final double P99_TARGET_MILLIS = 20;

  /** wrk's connections, each pacing its share of the rate. */
  static final int CONNECTIONS = 32;

  private final BenchPostgres postgres;
  private final ApiCommand settings;

  QueuedSendBench(BenchPostgres postgres, ApiCommand settings) {
    this.postgres = postgres;
    this.settings = settings;
  }

  Section run() throws IOException, InterruptedException {
    try (BenchDatabase db = postgres.create("api_queued");
        ApiServer api = new ApiServer(db, !settings.noWorkers)) {
      int instances = settings.instances();
      List<NewInstance> creations = new ArrayList<>();
      for (int i = 0; i < instances; i++) {
        creations.add(NewInstance.of("toggle").id("t-" + i));
      }
      api.engine.createAll(creations);
      RunReport.progress(instances + " instances created");
      String url = api.server.url();
      WrkLoad.run(url, ApiServer.TOKEN, instances, settings.rate() / 2, 2, CONNECTIONS);
      RunReport.progress("warm-up done");
      WrkLoad.Result result =
          WrkLoad.run(
              url, ApiServer.TOKEN, instances, settings.rate(), settings.seconds(), CONNECTIONS);
      double p50 = result.p50() / 1e3;
      double p99 = result.p99() / 1e3;
      Table table =
          new Table("requests", "rate asked", "rate achieved", "p50", "p99", "max", "non-2xx")
              .row(
                  Figures.count(result.requests()),
                  settings.rate() + "/s",
                  Figures.rate(result.rate()),
                  Figures.millis(result.p50() * 1e3),
                  Figures.millis(result.p99() * 1e3),
                  Figures.millis(result.max() * 1e3),
                  Long.toString(result.non2xx()));
      String text =
          String.format(
                  Locale.ROOT,
                  "### Queued POST → 202 (%d instances, workers %s)%n%n",
                  instances,
                  settings.noWorkers ? "stopped" : "running")
              + table.markdown();
      boolean all202 = result.non2xx() == 0 && result.rate() >= settings.rate() * 0.9;
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
}
