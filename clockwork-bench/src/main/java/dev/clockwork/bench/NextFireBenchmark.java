package dev.clockwork.bench;

import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.TimeSpec;
import dev.clockwork.core.time.TimeSpecs;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.scheduling.support.CronExpression;

/**
 * (d) The cost of computing a recurring timer's next due instant, as the interpreter does after
 * each fire ({@code TimeSpec.nextDue}). The "processed at" instants are 1,024 fixed pseudo-random
 * instants spread over 2024–2026 in Berlin, DST changes and weekends included, taken in turn.
 * Spring's {@code CronExpression} on the same expression is a reference point, not a target.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NextFireBenchmark {
  static final String CRON = "0 0 9-17 * * MON-FRI";
  static final String CYCLE = "R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D";

  @State(Scope.Thread)
  public static class Specs {
    final ZoneId zone = ZoneId.of("Europe/Berlin");
    final Instant entered = Instant.parse("2022-01-01T00:00:00Z");
    final Instant[] processed = new Instant[1024];
    TimeSpec cron;
    TimeSpec cycle;
    CronExpression springCron;
    int next;

    @Setup
    public void build() {
      cron = TimeSpecs.cron(CRON, zone, DstPolicy.DEFAULT);
      cycle = TimeSpecs.cycle(CYCLE, zone);
      springCron = CronExpression.parse(CRON);
      SplittableRandom random = new SplittableRandom(20240101L);
      long from = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond();
      long span = Instant.parse("2027-01-01T00:00:00Z").getEpochSecond() - from;
      for (int i = 0; i < processed.length; i++) {
        processed[i] = Instant.ofEpochSecond(from + random.nextLong(span));
      }
      Instant friday = Instant.parse("2024-03-01T16:30:00Z"); // 17:30 in Berlin
      // Monday 09:00 in Berlin (CET, +01:00)
      Sanity.expect(
          cron.nextDue(entered, friday, friday, 1).orElseThrow(),
          "2024-03-04T08:00:00Z",
          "cron next fire");
      // The cycle's offset gives its first instant, 10:00+02:00 = 08:00Z = 09:00 in Berlin (then
      // at +01:00); the zone keeps that wall clock: every day at 09:00 Berlin, so Saturday 08:00Z
      // (clockwork-core's OffsetAndZoneTest).
      Sanity.expect(
          cycle.nextDue(entered, friday, friday, 1).orElseThrow(),
          "2024-03-02T08:00:00Z",
          "cycle next fire");
    }

    Instant nextProcessed() {
      return processed[next++ & (processed.length - 1)];
    }
  }

  @Benchmark
  public Optional<Instant> cron(Specs s) {
    Instant at = s.nextProcessed();
    return s.cron.nextDue(s.entered, at, at, 1);
  }

  @Benchmark
  public Optional<Instant> cycle(Specs s) {
    Instant at = s.nextProcessed();
    return s.cycle.nextDue(s.entered, at, at, 1);
  }

  /** Reference: Spring Framework's cron on the same expression and instants. */
  @Benchmark
  public ZonedDateTime springCronReference(Specs s) {
    return s.springCron.next(s.nextProcessed().atZone(s.zone));
  }
}
