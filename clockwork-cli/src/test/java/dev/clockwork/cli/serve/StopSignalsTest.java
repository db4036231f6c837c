package dev.clockwork.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C at any moment of {@code clockwork dev}: while it starts (the database, the seeding) the
 * stop waits for the session and then closes it; twice before then quits at once; once running it
 * closes and exits 0.
 */
class StopSignalsTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final List<Integer> exits = new CopyOnWriteArrayList<>();
  private final StopSignals signals =
      new StopSignals(
          "clockwork-dev", new PrintStream(printed, true, StandardCharsets.UTF_8), exits::add);
  private final FakeSession session = new FakeSession();

  @Test
  void aStopWhileStartingClosesTheSessionOnceItExists() {
    CompletableFuture<Void> stop = CompletableFuture.runAsync(signals::requested);
    await().atMost(Duration.ofSeconds(5)).until(() -> out().contains("as soon as it has started"));
    assertThat(session.closes).hasValue(0);
    assertThat(exits).isEmpty();

    signals.started(session);

    stop.join();
    assertThat(session.closes).hasValue(1);
    assertThat(exits).containsExactly(0);
    assertThat(out()).contains("clockwork-dev stopped in 0.1 s: HTTP server 0.1 s");
  }

  @Test
  void aSecondStopBeforeTheStartQuitsAtOnce() {
    CompletableFuture<Void> first = CompletableFuture.runAsync(signals::requested);
    await().atMost(Duration.ofSeconds(5)).until(() -> out().contains("as soon as it has started"));

    signals.requested();

    assertThat(exits).containsExactly(StopSignals.QUIT_BEFORE_STARTED);
    assertThat(out()).contains("quitting before it started");
    assertThat(first).isNotDone();
    assertThat(session.closes).hasValue(0);
  }

  @Test
  void aStopWhileRunningClosesAndExits() {
    signals.started(session);

    signals.requested();
    signals.requested();

    assertThat(session.closes).as("a second stop while closing").hasValue(1);
    assertThat(exits).containsExactly(0);
    assertThat(out()).doesNotContain("as soon as it has started");
  }

  private String out() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  private static final class FakeSession implements StopSignals.Stoppable {
    final AtomicInteger closes = new AtomicInteger();

    @Override
    public void close() {
      closes.incrementAndGet();
    }

    @Override
    public String stopTimes() {
      return "0.1 s: HTTP server 0.1 s";
    }
  }
}
