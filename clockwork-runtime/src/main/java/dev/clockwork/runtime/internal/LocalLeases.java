package dev.clockwork.runtime.internal;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which chain of this engine holds which instance's lease: so a chain that needs a lease another of
 * our chains holds waits for that chain to finish (no polling, no lock timeout), and a wait that
 * would close a circle of waiting chains is noticed.
 */
public final class LocalLeases {
  private final Map<String, Chain> holders = new ConcurrentHashMap<>();

  void hold(String instanceId, Chain chain) {
    holders.put(instanceId, chain);
  }

  void release(String instanceId, Chain chain) {
    holders.remove(instanceId, chain);
  }

  /** The chains holding leases now. */
  public Set<Chain> chains() {
    Set<Chain> chains = Collections.newSetFromMap(new IdentityHashMap<>());
    chains.addAll(holders.values());
    return chains;
  }

  /** The instances whose leases this engine's chains hold now. */
  public Set<String> instanceIds() {
    return Set.copyOf(holders.keySet());
  }

  Chain holder(String instanceId) {
    return holders.get(instanceId);
  }

  /**
   * True when {@code waiter}, waiting for {@code instanceId}, closes a circle of chains waiting for
   * each other and is the youngest chain in it (the one that gives way).
   */
  boolean mustGiveWay(Chain waiter, String instanceId) {
    long youngest = waiter.number();
    Chain holder = holders.get(instanceId);
    for (int hops = 0; holder != null && hops < 1_000; hops++) {
      if (holder == waiter) {
        return youngest == waiter.number();
      }
      youngest = Math.max(youngest, holder.number());
      String next = holder.waitingFor();
      holder = next == null ? null : holders.get(next);
    }
    return false;
  }
}
