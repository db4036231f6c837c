package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every chain ends: its turns' commits written as one group (through the {@link
 * CommitPipeline}), the leases of turns that wrote nothing given up, the listeners told, the
 * broadcasts the commit wrote delivered, and whoever waits for the chain woken. A refused or failed
 * commit gives every lease up (a lease that was lost is someone else's, and giving it up does
 * nothing): the events stay queued, unspent, and are processed again.
 */
public final class TurnEnd {
  private static final Logger LOG = LoggerFactory.getLogger(TurnEnd.class);

  /**
   * How many targets of a broadcast the engine delivers per store transaction, wherever it delivers
   * them (after a commit, in the self-healing pass, in {@code runDue}).
   */
  public static final int BROADCAST_PAGE = 500;

  private final Store store;
  private final Clock clock;
  private final CommitPipeline pipeline;
  private final Listeners listeners;
  private final TurnServices services;

  public TurnEnd(
      Store store,
      Clock clock,
      CommitPipeline pipeline,
      Listeners listeners,
      TurnServices services) {
    this.store = store;
    this.clock = clock;
    this.pipeline = pipeline;
    this.listeners = listeners;
    this.services = services;
  }

  Listeners listeners() {
    return listeners;
  }

  /** Waits up to {@code max} for the commits handed to the pipeline to be written and settled. */
  boolean awaitCommits(Duration max) throws InterruptedException {
    return pipeline.awaitIdle(max);
  }

  /** A store failure while committing, the chain already abandoned. */
  private static final class CommitFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommitFailed(RuntimeException cause) {
      super(cause);
    }
  }

  /**
   * Commits the chain; true when it was written, false when it was refused or the store failed (the
   * failure logged: the events of a worker's turn stay queued and are processed again).
   */
  boolean commit(Chain chain, TurnReports reports) {
    try {
      return commitOrFail(chain, reports);
    } catch (CommitFailed e) {
      logFailed(chain, e.getCause());
      return false;
    }
  }

  /**
   * Commits the chain; true when it was written, false when it was refused; a store failure is
   * thrown as the store threw it (a creation has no queued event to process again: its caller must
   * hear that nothing was written, not that the id is taken).
   */
  boolean commitOrThrow(Chain chain, TurnReports reports) {
    try {
      return commitOrFail(chain, reports);
    } catch (CommitFailed e) {
      throw (RuntimeException) e.getCause();
    }
  }

  private boolean commitOrFail(Chain chain, TurnReports reports) {
    Ended ended = commitAll(List.of(chain), List.of(reports)).get(0);
    if (ended.failure() != null) {
      throw new CommitFailed(ended.failure());
    }
    return ended.written();
  }

  /**
   * How a chain's commit ended: written, refused (why), or failed (the store's exception; nothing
   * of the chain was written).
   */
  record Ended(boolean written, CommitResult.Refusal refusal, RuntimeException failure) {}

  /**
   * Commits several chains in one store commit, each its own group, so one refused chain (an id
   * taken, a lease lost) does not refuse the others; when the shared commit throws, each chain is
   * written alone. Each chain then ends as {@link #commit} ends one. Never throws.
   *
   * @param reports each chain's reports, in the same order
   * @return each chain's end, in order
   */
  List<Ended> commitAll(List<Chain> chains, List<TurnReports> reports) {
    Ended[] ended = new Ended[chains.size()];
    List<List<StepCommit>> writes = new ArrayList<>(chains.size());
    List<Committing> settlers = new ArrayList<>(chains.size());
    for (int i = 0; i < chains.size(); i++) {
      Committing settler = prepare(chains.get(i), reports.get(i));
      if (settler == null) {
        ended[i] = new Ended(true, null, null);
      } else {
        writes.add(settler.commits);
        settlers.add(settler);
        settler.index = i;
      }
    }
    List<CommitPipeline.Written> results =
        pipeline.commitAll(writes, new SettleInOrder(settlers, ended));
    for (int k = 0; k < settlers.size(); k++) {
      Committing settler = settlers.get(k);
      if (ended[settler.index] == null) { // its settling failed: count it as not written
        ended[settler.index] = new Ended(false, null, results.get(k).failure());
      }
    }
    return List.of(ended);
  }

  /**
   * Hands the chain's commit to the commit pipeline and returns at once; the chain ends as {@link
   * #commit} ends one, once its commit is durable (a failure logged). Nothing of it is reported,
   * and no lease of it released, before then.
   */
  void commitLater(Chain chain, TurnReports reports) {
    Committing settler = prepare(chain, reports);
    if (settler != null) {
      pipeline.submit(
          settler.commits,
          result -> {
            Ended end = settler.settle(result);
            if (end.failure() != null) {
              logFailed(chain, end.failure());
            }
            return settler.then;
          });
    }
  }

  /**
   * Logs a failed commit, unless the store failed it: the commit pipeline told {@link
   * StoreFailures}, which logs an outage once per interval rather than once per chain.
   */
  private static void logFailed(Chain chain, Throwable failure) {
    if (StoreFailures.storeFailure(failure).isEmpty()) {
      LOG.error(
          "commit of {} failed; its events stay queued and are processed again",
          chain.group(),
          failure);
    }
  }

  /** Settles the chains of one {@link #commitAll} call, in the order the pipeline reports them. */
  private static final class SettleInOrder implements Function<CommitPipeline.Written, Runnable> {
    private final List<Committing> settlers;
    private final Ended[] ended;
    private int next;

    SettleInOrder(List<Committing> settlers, Ended[] ended) {
      this.settlers = settlers;
      this.ended = ended;
    }

    @Override
    public synchronized Runnable apply(CommitPipeline.Written result) {
      Committing settler = settlers.get(next++);
      ended[settler.index] = settler.settle(result);
      return settler.then;
    }
  }

  /**
   * Gets a chain ready for its commit: a chain that changed nothing is abandoned (null); otherwise
   * it is marked committing and what settles it once written is returned.
   */
  private Committing prepare(Chain chain, TurnReports reports) {
    List<StepCommit> commits = new ArrayList<>();
    List<Turn> idle = new ArrayList<>();
    for (Turn turn : chain.turns()) {
      if (turn.changed()) {
        commits.add(turn.commit());
      } else {
        idle.add(turn);
      }
    }
    if (commits.isEmpty()) {
      abandon(chain, null);
      return null;
    }
    chain.startCommitting();
    return new Committing(chain, reports, commits, idle);
  }

  /** One chain on its way through the pipeline, and how it ends once its commit is written. */
  private final class Committing {
    final Chain chain;
    final TurnReports reports;
    final List<StepCommit> commits;
    final List<Turn> unchanged;
    int index;
    Runnable then;

    Committing(Chain chain, TurnReports reports, List<StepCommit> commits, List<Turn> unchanged) {
      this.chain = chain;
      this.reports = reports;
      this.commits = commits;
      this.unchanged = unchanged;
    }

    /**
     * Ends the chain as its commit came out: leases given up (refused, failed) or released, and
     * what to tell once every chain of the batch is settled left in {@link #then}.
     */
    Ended settle(CommitPipeline.Written result) {
      if (result.failure() != null) {
        abandon(chain, null);
        return new Ended(false, null, result.failure());
      }
      var refusal = result.result().refusal(chain.group());
      if (refusal.isPresent()) {
        refused(chain, refusal.get());
        return new Ended(false, refusal.get(), null);
      }
      unchanged.forEach(services::giveUp);
      finish(chain);
      boolean broadcasts = false;
      for (StepCommit commit : commits) {
        broadcasts |= !commit.broadcasts().isEmpty();
      }
      boolean deliver = broadcasts;
      then =
          () -> {
            Instant committedAt = clock.instant();
            reports.tell(listeners, committedAt);
            if (deliver) {
              deliverBroadcasts(committedAt);
            }
          };
      return new Ended(true, null, null);
    }
  }

  private void refused(Chain chain, CommitResult.Refusal refusal) {
    String first = chain.turns().get(0).id();
    if (refusal == CommitResult.Refusal.LEASE_LOST) {
      LOG.warn(
          "lease on {} was lost before its commit; another worker has it",
          NamespacedIds.readable(first));
      listeners.leaseLost(
          NamespacedIds.namespaceOf(first),
          NamespacedIds.idOf(first),
          chain.turns().get(0).record().machine());
    } else {
      LOG.info(
          "commit of {} refused ({}); its events are processed again",
          NamespacedIds.readable(first),
          refusal);
    }
    abandon(chain, null);
  }

  /** Gives every lease of the chain up without writing anything; logs {@code why} when given. */
  void abandon(Chain chain, String why) {
    if (why != null) {
      LOG.warn(why);
    }
    chain.turns().forEach(services::giveUp);
    chain.finish();
  }

  private void finish(Chain chain) {
    for (Turn turn : chain.turns()) {
      if (turn.lease() != null) {
        services.local().release(turn.id(), chain);
      }
    }
    chain.finish();
  }

  /** Delivers written broadcasts now; a failure is left to the self-healing pass. */
  private void deliverBroadcasts(Instant now) {
    try {
      store.work().deliverBroadcasts(now, BROADCAST_PAGE);
    } catch (RuntimeException e) {
      LOG.warn("broadcast delivery failed; the self-healing pass delivers it: {}", e.getMessage());
    }
  }
}
