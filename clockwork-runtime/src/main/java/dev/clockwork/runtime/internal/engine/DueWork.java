package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnEnd;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Due work run in the caller's thread, for tests and cron-driven deployments: claims as workers
 * claim (concurrency caps and served queues hold), and runs each claimed instance's due events and
 * timer fires.
 */
public final class DueWork {
  private final Settings settings;
  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final TurnRunner runner;

  DueWork(
      Settings settings, Store store, Clock clock, MachineRegistry machines, TurnRunner runner) {
    this.settings = settings;
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.runner = runner;
  }

  /**
   * Processes every event and timer fire due now of the instances of {@code which} (none: every
   * registered machine), delivering any broadcast still waiting first, until nothing is due.
   *
   * @return the number of events and fires processed
   * @throws dev.clockwork.runtime.error.UnknownMachineException when a machine is not registered
   */
  public int run(String... which) {
    Set<String> chosen = new LinkedHashSet<>();
    for (String machine : which) {
      machines.latest(machine);
      chosen.add(machine);
    }
    return run(chosen.isEmpty() ? machines.ids() : chosen);
  }

  private int run(Set<String> which) {
    int total = 0;
    while (true) {
      store.work().deliverBroadcasts(clock.instant(), TurnEnd.BROADCAST_PAGE);
      WorkerSettings workers = settings.workers();
      ClaimRequest request =
          new ClaimRequest(
                  workers.owner(),
                  workers.leaseTime(),
                  clock.instant(),
                  settings.timers().batchSize(),
                  workers.eventsPerClaim(),
                  caps(which),
                  true)
              .withQueues(workers.queues());
      List<Claim> claims = runner.claim(request);
      if (claims.isEmpty()) {
        return total;
      }
      for (Claim claim : claims) {
        total += runner.runClaimed(claim, workers.eventsPerClaim());
      }
    }
  }

  /** The earliest instant at which work of a registered machine, in a served queue, is due. */
  public Optional<Instant> next() {
    return store.work().nextDue(clock.instant(), machines.ids(), settings.workers().queues());
  }

  private Map<String, Integer> caps(Set<String> which) {
    Map<String, Integer> caps = new HashMap<>();
    for (String machine : which) {
      caps.put(machine, settings.queue(machine).concurrency());
    }
    return caps;
  }
}
