package dev.clockwork.bench.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Queued sends from a second process: {@code wrk} (Debian's package) with {@code connections}
 * connections, each pacing its requests so that together they ask for {@code rate} per second, to
 * random instances among {@code t-0 … t-(instances-1)}. Its latency percentiles are measured from
 * each request's send; pacing keeps every connection idle between requests, so a server that falls
 * behind shows in them rather than in fewer requests.
 */
final class WrkLoad {
  /** What wrk reported: latencies in microseconds, requests, non-2xx answers, seconds run. */
  record Result(long p50, long p99, long max, long requests, long non2xx, double seconds) {
    double rate() {
      return requests / seconds;
    }
  }

  private WrkLoad() {}

  static Result run(
      String baseUrl, String token, int instances, int rate, int seconds, int connections)
      throws IOException, InterruptedException {
    double interval = Math.max(0, connections * 1000.0 / rate - 1.0);
    Path script = Files.createTempFile("clockwork-wrk", ".lua");
    Files.writeString(
        script,
        String.format(
            Locale.ROOT,
            """
            wrk.method = "POST"
            wrk.headers["Content-Type"] = "application/json"
            wrk.headers["Authorization"] = "Bearer %s"
            request = function()
              local path = "/api/instances/t-" .. math.random(0, %d) .. "/events?mode=queued"
              return wrk.format(nil, path, nil, '{"type":"TOGGLE"}')
            end
            delay = function() return %.3f end
            done = function(summary, latency, requests)
              io.write(string.format("p50=%%d\\np99=%%d\\nmax=%%d\\nrequests=%%d\\nnon2xx=%%d\\nmicros=%%d\\n",
                latency:percentile(50), latency:percentile(99), latency.max,
                summary.requests, summary.errors.status, summary.duration))
            end
            """,
            token,
            instances - 1,
            interval),
        StandardCharsets.UTF_8);
    try {
      Process wrk =
          new ProcessBuilder(
                  "wrk",
                  "-t2",
                  "-c" + connections,
                  "-d" + seconds + "s",
                  "-s",
                  script.toString(),
                  baseUrl)
              .redirectErrorStream(true)
              .start();
      String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
        throw new IllegalStateException("wrk failed:\n" + output);
      }
      Map<String, Long> figures = new HashMap<>();
      for (String line : output.split("\n")) {
        String[] pair = line.split("=", 2);
        if (pair.length == 2 && pair[1].trim().matches("\\d+")) {
          figures.put(pair[0].trim(), Long.parseLong(pair[1].trim()));
        }
      }
      if (!figures.containsKey("requests")) {
        throw new IllegalStateException("wrk printed no figures:\n" + output);
      }
      return new Result(
          figures.get("p50"),
          figures.get("p99"),
          figures.get("max"),
          figures.get("requests"),
          figures.get("non2xx"),
          figures.get("micros") / 1e6);
    } catch (IOException e) {
      throw new IOException(
          "cannot run wrk, the load generator of this benchmark: install it (apt-get install wrk)",
          e);
    } finally {
      Files.deleteIfExists(script);
    }
  }
}
