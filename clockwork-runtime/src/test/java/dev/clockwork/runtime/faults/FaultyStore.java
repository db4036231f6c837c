package dev.clockwork.runtime.faults;

import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.OperatorLogStore;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStore;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import dev.clockwork.runtime.store.forwarding.ForwardingActivityStore;
import dev.clockwork.runtime.store.forwarding.ForwardingCallbackStore;
import dev.clockwork.runtime.store.forwarding.ForwardingInstanceStore;
import dev.clockwork.runtime.store.forwarding.ForwardingOperatorLogStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueAdminStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueStore;
import dev.clockwork.runtime.store.forwarding.ForwardingRegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.forwarding.ForwardingWorkStore;
import java.time.Instant;
import java.util.List;

/**
 * A store that dies at a chosen point, as the process using it would: on the n-th commit, before it
 * is written or right after (the caller never learns it was written), or before delivering
 * broadcasts. From then on every call fails, so the engine that used it is as good as gone; a new
 * engine on the store underneath takes over once the dead one's leases expire.
 */
public final class FaultyStore extends ForwardingStore {
  /** Where the store dies. */
  public enum Point {
    /** The n-th commit fails and writes nothing. */
    BEFORE_COMMIT,
    /** The n-th commit is written, then fails: its caller never hears that it was. */
    AFTER_COMMIT,
    /** The n-th broadcast delivery fails before it starts: the broadcasts wait in the store. */
    BEFORE_BROADCAST
  }

  /** What a dead store throws. */
  public static final class Crash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Crash(String where) {
      super("crash point reached: " + where, null, false, false);
    }
  }

  private final Point point;
  private int countdown;
  private volatile boolean dead;
  private final InstanceStore instances;
  private final QueueStore queue;
  private final WorkStore work;
  private final QueueAdminStore queueAdmin;
  private final ActivityStore activity;
  private final OperatorLogStore operatorLog;
  private final RegionJobStore regionJobs;
  private final CallbackStore callbacks;

  /** A store that dies at {@code point} the {@code nth} time it is reached (1 = the first). */
  public FaultyStore(Store delegate, Point point, int nth) {
    super(delegate);
    this.point = point;
    this.countdown = nth;
    this.work = new Work(delegate.work());
    this.instances =
        new ForwardingInstanceStore(delegate.instances()) {
          @Override
          protected InstanceStore delegate() {
            return alive(super.delegate());
          }
        };
    this.queue =
        new ForwardingQueueStore(delegate.queue()) {
          @Override
          protected QueueStore delegate() {
            return alive(super.delegate());
          }
        };
    this.queueAdmin =
        new ForwardingQueueAdminStore(delegate.queueAdmin()) {
          @Override
          protected QueueAdminStore delegate() {
            return alive(super.delegate());
          }
        };
    this.activity =
        new ForwardingActivityStore(delegate.activity()) {
          @Override
          protected ActivityStore delegate() {
            return alive(super.delegate());
          }
        };
    this.operatorLog =
        new ForwardingOperatorLogStore(delegate.operatorLog()) {
          @Override
          protected OperatorLogStore delegate() {
            return alive(super.delegate());
          }
        };
    this.regionJobs =
        new ForwardingRegionJobStore(delegate.regionJobs()) {
          @Override
          protected RegionJobStore delegate() {
            return alive(super.delegate());
          }
        };
    this.callbacks =
        new ForwardingCallbackStore(delegate.callbacks()) {
          @Override
          protected CallbackStore delegate() {
            return alive(super.delegate());
          }
        };
  }

  public boolean dead() {
    return dead;
  }

  /** {@code role}, while the store lives. */
  private <T> T alive(T role) {
    if (dead) {
      throw new Crash("the store died earlier");
    }
    return role;
  }

  /** True (and the store dead from now on) when {@code at} is the point and its turn has come. */
  private boolean dies(Point at) {
    if (point == at && countdown-- == 1) {
      dead = true;
      return true;
    }
    return false;
  }

  /** The work role, where the crash points are. */
  private final class Work extends ForwardingWorkStore {
    Work(WorkStore delegate) {
      super(delegate);
    }

    @Override
    protected WorkStore delegate() {
      return alive(super.delegate());
    }

    @Override
    public CommitResult commit(List<StepCommit> commits) {
      synchronized (FaultyStore.this) {
        WorkStore store = delegate();
        if (dies(Point.BEFORE_COMMIT)) {
          throw new Crash("before commit");
        }
        CommitResult result = store.commit(commits);
        if (dies(Point.AFTER_COMMIT)) {
          throw new Crash("after commit");
        }
        return result;
      }
    }

    @Override
    public int deliverBroadcasts(Instant now, int pageSize) {
      WorkStore store = delegate();
      if (dies(Point.BEFORE_BROADCAST)) {
        throw new Crash("before delivering broadcasts");
      }
      return store.deliverBroadcasts(now, pageSize);
    }
  }

  @Override
  public InstanceStore instances() {
    return instances;
  }

  @Override
  public QueueStore queue() {
    return queue;
  }

  @Override
  public WorkStore work() {
    return work;
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return queueAdmin;
  }

  @Override
  public ActivityStore activity() {
    return activity;
  }

  @Override
  public OperatorLogStore operatorLog() {
    return operatorLog;
  }

  @Override
  public RegionJobStore regionJobs() {
    return regionJobs;
  }

  @Override
  public CallbackStore callbacks() {
    return callbacks;
  }
}
