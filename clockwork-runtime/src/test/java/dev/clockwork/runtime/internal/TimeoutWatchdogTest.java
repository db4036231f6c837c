package dev.clockwork.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The watchdog's one sweeper interrupts a watched thread at its deadline — also when a later
 * deadline was being waited for — and never once the watch is closed.
 */
@Timeout(60)
class TimeoutWatchdogTest {
  private static void blockUntilInterrupted() throws InterruptedException {
    new CountDownLatch(1).await(30, TimeUnit.SECONDS);
  }

  @Test
  void aWatchInterruptsItsThreadAtItsDeadlineAndTheCloseClearsTheFlag() throws Exception {
    try (TimeoutWatchdog.Watch later = TimeoutWatchdog.watch(Duration.ofMinutes(10))) {
      // the sweeper sleeps for the later deadline: the earlier one must wake it
      TimeoutWatchdog.Watch watch = TimeoutWatchdog.watch(Duration.ofMillis(50));
      assertThatThrownBy(TimeoutWatchdogTest::blockUntilInterrupted)
          .isInstanceOf(InterruptedException.class);
      assertThat(watch.fired()).isTrue();
      watch.close();
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
      assertThat(later.fired()).isFalse();
    }
  }

  @Test
  void aClosedWatchNeverInterrupts() throws Exception {
    TimeoutWatchdog.Watch closed = TimeoutWatchdog.watch(Duration.ofMillis(20));
    closed.close();
    try (TimeoutWatchdog.Watch watch = TimeoutWatchdog.watch(Duration.ofMillis(200))) {
      assertThatThrownBy(TimeoutWatchdogTest::blockUntilInterrupted)
          .isInstanceOf(InterruptedException.class);
      assertThat(watch.fired()).isTrue();
    }
    assertThat(closed.fired()).isFalse();
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }
}
