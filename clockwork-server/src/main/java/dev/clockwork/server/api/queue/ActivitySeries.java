package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.ActivitySample;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code GET /api/queues/{machine}/activity}: a machine's activity minute by minute over the last
 * {@code minutes}, every minute listed (those no engine reported anything of as zeros), oldest
 * first, the current minute last: what the dashboard's charts plot.
 */
record ActivitySeries(String machine, Instant from, Instant to, List<ActivityPoint> points) {
  static final int DEFAULT_MINUTES = 60;

  /** The activity retention: older minutes are gone. */
  static final int MAX_MINUTES = 24 * 60;

  static ActivitySeries of(Engine engine, String machine, int minutes) {
    Instant now = engine.clock().instant();
    Instant current = now.truncatedTo(ChronoUnit.MINUTES);
    Instant from = current.minus(minutes - 1L, ChronoUnit.MINUTES);
    Map<Instant, ActivitySample> reported = new TreeMap<>();
    for (ActivitySample sample :
        engine.admin().queues().activityMinutes(machine, Duration.between(from, now))) {
      reported.put(sample.minute(), sample);
    }
    List<ActivityPoint> points = new ArrayList<>(minutes);
    for (Instant minute = from; !minute.isAfter(current); minute = minute.plusSeconds(60)) {
      ActivitySample sample = reported.get(minute);
      points.add(sample == null ? ActivityPoint.none(minute) : ActivityPoint.of(sample));
    }
    return new ActivitySeries(machine, from, current.plusSeconds(60), points);
  }
}
