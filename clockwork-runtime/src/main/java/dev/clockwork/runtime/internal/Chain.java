package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.queue.Lease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One unit of work: a turn and every turn it ran synchronously (its emits' targets, the instances
 * it created), committed together as one group. A chain holds the leases of its turns until its
 * commit is written (or it is abandoned); other chains of the same engine that want one of them
 * wait for it to finish instead of polling. Chains are numbered in the order they start: when two
 * wait for each other, the younger gives way.
 */
public final class Chain {
  private static final AtomicLong NEXT = new AtomicLong();

  private final long number = NEXT.incrementAndGet();
  private final String group;
  private final Map<String, Turn> turns = new LinkedHashMap<>();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile String waitingFor;
  private volatile boolean committing;

  Chain(String group) {
    this.group = group;
  }

  /** The commit group: the id of the chain's first instance. */
  public String group() {
    return group;
  }

  long number() {
    return number;
  }

  /** The turn of {@code instanceId} in this chain, or null. */
  synchronized Turn turn(String instanceId) {
    return turns.get(instanceId);
  }

  synchronized void add(Turn turn) {
    turns.put(turn.record().id(), turn);
  }

  synchronized void remove(Turn turn) {
    turns.remove(turn.record().id());
  }

  /** Every turn of the chain, in the order they joined it. */
  synchronized List<Turn> turns() {
    return new ArrayList<>(turns.values());
  }

  /**
   * The machine of the chain's instance {@code instanceId}, or null when it is not in the chain.
   */
  public synchronized String machineOf(String instanceId) {
    Turn turn = turns.get(instanceId);
    return turn == null ? null : turn.record().machine();
  }

  /** The leases the chain's turns hold (new instances have none). */
  public synchronized List<Lease> leases() {
    List<Lease> leases = new ArrayList<>();
    for (Turn turn : turns.values()) {
      if (turn.lease() != null) {
        leases.add(turn.lease());
      }
    }
    return leases;
  }

  /** The instance whose lease the chain waits for right now, or null. */
  String waitingFor() {
    return waitingFor;
  }

  void waitFor(String instanceId) {
    this.waitingFor = instanceId;
  }

  /** True once the chain's work is done and its commit is being written (or it ended). */
  public boolean committing() {
    return committing || finished.getCount() == 0;
  }

  void startCommitting() {
    this.committing = true;
  }

  /** Marks the chain's leases given up (committed or abandoned); wakes whoever waits for them. */
  void finish() {
    finished.countDown();
  }

  /** Waits up to {@code max} for the chain to finish; true when it did. */
  boolean awaitFinish(Duration max) throws InterruptedException {
    return finished.await(max.toNanos(), TimeUnit.NANOSECONDS);
  }
}
