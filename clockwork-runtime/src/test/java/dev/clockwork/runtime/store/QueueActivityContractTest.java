package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The store contract for what operators see of a queue beyond its counts: its queued events, and
 * the per-minute activity engines report (the queue seed's Completed, Throughput and Avg Time).
 * Subclass it once per store.
 */
public abstract class QueueActivityContractTest extends StoreContract {

  @Test
  void queuedEventsComeHighestPriorityFirstThenTheLongestWaiting() {
    create("o-1", "o-2", "o-3");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "LATE_NORMAL", T0.plusSeconds(3), Priority.NORMAL);
    enqueue("o-2", "EARLY_NORMAL", T0.plusSeconds(1), Priority.NORMAL);
    enqueue("o-3", "LATE_HIGH", T0.plusSeconds(5), Priority.HIGH);
    enqueue("o-1", "BULK", T0, Priority.BULK);
    store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("X"), "api", T0));

    assertThat(store.queueAdmin().queuedEvents("order", 10))
        .extracting(e -> e.event().type())
        .containsExactly("LATE_HIGH", "EARLY_NORMAL", "LATE_NORMAL", "BULK");
    assertThat(store.queueAdmin().queuedEvents("order", 2))
        .extracting(QueuedEvent::instanceId, QueuedEvent::priority)
        .containsExactly(tuple("o-3", Priority.HIGH), tuple("o-2", Priority.NORMAL));
    assertThat(store.queueAdmin().queuedEvents("payment", 10)).isEmpty();
  }

  @Test
  void activityAddsUpPerMinuteAcrossReportsAndSumsAWindow() {
    store
        .activity()
        .record(
            List.of(
                new ActivitySample("order", T0, 3, 4, Duration.ofMillis(400)),
                new ActivitySample("order", T0.plusSeconds(60), 1, 1, Duration.ofMillis(50)),
                new ActivitySample("invoice", T0, 7, 7, Duration.ofSeconds(7))));
    // a second engine reports the same minute (its sample's instant is inside the minute)
    store
        .activity()
        .record(
            List.of(new ActivitySample("order", T0.plusSeconds(59), 2, 2, Duration.ofMillis(200))));

    QueueActivity firstTwoMinutes = store.activity().sum("order", T0, T0.plusSeconds(120));
    assertThat(firstTwoMinutes.completed()).isEqualTo(6);
    assertThat(firstTwoMinutes.processed()).isEqualTo(7);
    assertThat(firstTwoMinutes.processingTime()).isEqualTo(Duration.ofMillis(650));
    assertThat(firstTwoMinutes.averageProcessingTime())
        .isEqualTo(Duration.ofNanos(650_000_000 / 7));

    QueueActivity firstMinute = store.activity().sum("order", T0, T0.plusSeconds(60));
    assertThat(firstMinute.completed()).as("the end is excluded").isEqualTo(5);
    assertThat(store.activity().sum("order", T0.plusSeconds(60), T0.plusSeconds(3600)).completed())
        .isEqualTo(1);
    assertThat(store.activity().sum("invoice", T0, T0.plusSeconds(60)).completed()).isEqualTo(7);

    QueueActivity none = store.activity().sum("payment", T0, T0.plusSeconds(60));
    assertThat(none.completed()).isZero();
    assertThat(none.processingTime()).isEqualTo(Duration.ZERO);
    assertThat(none.averageProcessingTime()).isNull();
  }

  @Test
  void purgingActivityDeletesTheMinutesBeforeAnInstant() {
    store
        .activity()
        .record(
            List.of(
                new ActivitySample("order", T0, 1, 1, Duration.ofMillis(10)),
                new ActivitySample("invoice", T0, 1, 1, Duration.ofMillis(10)),
                new ActivitySample("order", T0.plusSeconds(60), 2, 2, Duration.ofMillis(20))));

    assertThat(store.activity().purge(T0.plusSeconds(60))).isEqualTo(2);

    assertThat(store.activity().sum("order", T0, T0.plusSeconds(3600)).completed()).isEqualTo(2);
    assertThat(store.activity().sum("invoice", T0, T0.plusSeconds(3600)).completed()).isZero();
  }

  @Test
  void minutesAddUpEveryEnginesCountsBucketsAndTheLargestBacklog() {
    Instant second = T0.plusSeconds(60);
    store
        .activity()
        .record(
            List.of(
                new ActivitySample(
                    "order",
                    T0,
                    3,
                    4,
                    Duration.ofMillis(40),
                    1,
                    DurationHistogram.of(ms(5), ms(5), ms(10), ms(20)),
                    DurationHistogram.of(ms(100)),
                    7L),
                new ActivitySample("order", second, 1, 1, ms(3)),
                new ActivitySample("invoice", T0, 9, 9, ms(90))));
    // a second engine reports the first minute: its counts add up, its smaller backlog is not kept
    store
        .activity()
        .record(
            List.of(
                new ActivitySample(
                    "order",
                    T0.plusSeconds(30),
                    2,
                    2,
                    ms(2000),
                    0,
                    DurationHistogram.of(ms(1000), ms(1000)),
                    DurationHistogram.of(ms(300)),
                    4L),
                ActivitySample.backlog("order", second.plusSeconds(5), 12)));

    List<ActivitySample> minutes = store.activity().minutes("order", T0, T0.plusSeconds(3600));

    assertThat(minutes).extracting(ActivitySample::minute).containsExactly(T0, second);
    ActivitySample first = minutes.get(0);
    assertThat(first.completed()).isEqualTo(5);
    assertThat(first.processed()).isEqualTo(6);
    assertThat(first.processingTime()).isEqualTo(ms(2040));
    assertThat(first.deadLettered()).isEqualTo(1);
    assertThat(first.processingTimes())
        .isEqualTo(DurationHistogram.of(ms(5), ms(5), ms(10), ms(20), ms(1000), ms(1000)));
    assertThat(first.timerLateness()).isEqualTo(DurationHistogram.of(ms(100), ms(300)));
    assertThat(first.backlog()).as("the larger sample of the minute").isEqualTo(7L);
    ActivitySample next = minutes.get(1);
    assertThat(next.completed()).isEqualTo(1);
    assertThat(next.processingTimes().count()).as("reported without buckets").isZero();
    assertThat(next.backlog()).isEqualTo(12L);

    assertThat(store.activity().minutes("order", second, T0.plusSeconds(3600)))
        .extracting(ActivitySample::minute)
        .containsExactly(second);
    assertThat(store.activity().minutes("order", T0, second))
        .as("the end is excluded")
        .extracting(ActivitySample::minute)
        .containsExactly(T0);
    assertThat(store.activity().minutes("invoice", T0, T0.plusSeconds(60)).get(0).backlog())
        .as("no backlog sampled")
        .isNull();
    assertThat(store.activity().minutes("payment", T0, T0.plusSeconds(3600))).isEmpty();
  }

  @Test
  void purgingActivityDeletesTheMinutesWithTheirBucketsAndBacklog() {
    store
        .activity()
        .record(
            List.of(
                new ActivitySample(
                    "order", T0, 1, 1, ms(10), 1, DurationHistogram.of(ms(10)), null, 3L),
                ActivitySample.backlog("order", T0.plusSeconds(60), 5)));

    assertThat(store.activity().purge(T0.plusSeconds(60))).isEqualTo(1);

    assertThat(store.activity().minutes("order", T0, T0.plusSeconds(3600)))
        .extracting(ActivitySample::minute, ActivitySample::backlog)
        .containsExactly(tuple(T0.plusSeconds(60), 5L));
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
