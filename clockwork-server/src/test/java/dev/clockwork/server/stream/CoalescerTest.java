package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Any number of notifications make at most one push per interval, and none is lost. */
class CoalescerTest {
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final List<Duration> delays = new ArrayList<>();
  private final List<Runnable> tasks = new ArrayList<>();
  private final AtomicInteger pushes = new AtomicInteger();
  private final Coalescer coalescer =
      new Coalescer(
          Duration.ofMillis(500),
          nanos::get,
          (task, delay) -> {
            tasks.add(task);
            delays.add(delay);
          },
          pushes::incrementAndGet);

  @Test
  void aBurstOfNotificationsIsOnePushAtOnce() {
    for (int i = 0; i < 100; i++) {
      coalescer.notifyChanged();
    }

    assertThat(delays).containsExactly(Duration.ZERO);
    runNext();
    assertThat(pushes).hasValue(1);
  }

  @Test
  void theNextPushWaitsOutTheRestOfTheInterval() {
    coalescer.notifyChanged();
    runNext();
    advanceMillis(100);

    coalescer.notifyChanged();
    coalescer.notifyChanged();

    assertThat(delays).containsExactly(Duration.ZERO, Duration.ofMillis(400));
    runNext();
    assertThat(pushes).hasValue(2);
  }

  @Test
  void aNotificationLongAfterThePreviousPushGoesAtOnce() {
    coalescer.notifyChanged();
    runNext();
    advanceMillis(2_000);

    coalescer.notifyChanged();

    assertThat(delays).containsExactly(Duration.ZERO, Duration.ZERO);
  }

  @Test
  void aNotificationDuringAPushSchedulesAnother() {
    Coalescer[] self = new Coalescer[1];
    self[0] =
        new Coalescer(
            Duration.ofMillis(500),
            nanos::get,
            (task, delay) -> {
              tasks.add(task);
              delays.add(delay);
            },
            () -> {
              if (pushes.incrementAndGet() == 1) {
                self[0].notifyChanged();
              }
            });

    self[0].notifyChanged();
    runNext();

    assertThat(delays).containsExactly(Duration.ZERO, Duration.ofMillis(500));
    runNext();
    assertThat(pushes).hasValue(2);
  }

  private void runNext() {
    tasks.remove(0).run();
  }

  private void advanceMillis(long millis) {
    nanos.addAndGet(Duration.ofMillis(millis).toNanos());
  }
}
