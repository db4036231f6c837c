package dev.clockwork.bench.soak;

import dev.clockwork.bench.harness.Samples;
import java.util.concurrent.atomic.AtomicLong;

/** What the engine did in the minute being counted; a fresh one is swapped in at each minute. */
final class MinuteCounters {
  final AtomicLong events = new AtomicLong();
  final Samples latency = new Samples();
  final Samples lateness = new Samples();
}
