package dev.clockwork.runtime.internal;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.ActionFailedException;
import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.error.CreationFailedException;
import dev.clockwork.runtime.error.EventFailedException;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import dev.clockwork.runtime.queue.EventFingerprint;
import dev.clockwork.runtime.queue.LeaseLostException;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobLease;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one turn lifecycle — lease, load, macrostep, settle, commit, release, wake — for every path
 * that changes an instance: a worker's claimed instance, a synchronous send, a creation, a version
 * upgrade. Each path builds its {@link Chain} of turns its own way; {@link TurnEnd} commits it.
 */
public final class TurnRunner {
  private final Clock clock;
  private final TurnServices services;
  private final TurnEnd end;
  private final Function<String, QueueConfig> queues;
  private final int eventsPerClaim;
  private volatile boolean givingBack;

  public TurnRunner(
      Clock clock,
      TurnServices services,
      TurnEnd end,
      Function<String, QueueConfig> queues,
      int eventsPerClaim) {
    this.clock = clock;
    this.services = services;
    this.end = end;
    this.queues = queues;
    this.eventsPerClaim = eventsPerClaim;
  }

  /** The engine's listeners. */
  public Listeners listeners() {
    return end.listeners();
  }

  /**
   * Claims what {@code request} asks for, of the versions this engine knows: an instance on a newer
   * version (registered on other nodes of a rolling deploy) is left to them.
   */
  public List<Claim> claim(ClaimRequest request) {
    long started = System.nanoTime();
    List<Claim> claims =
        services.store().work().claim(request.withVersions(services.machines().newestVersions()));
    end.listeners()
        .claimed(
            request.maxInstances(), claims.size(), Duration.ofNanos(System.nanoTime() - started));
    return claims;
  }

  /**
   * From now on, a turn whose event fails (an interrupted action at shutdown) gives the event back
   * unspent instead of settling it as a failed attempt.
   */
  public void giveBackInterrupted() {
    givingBack = true;
  }

  /**
   * A worker's turn on a claimed instance: its due timer fires and available events, in order, each
   * read at the clock when its macrostep starts; a failure settled as a retry ends the turn.
   *
   * @return how many events and fires were processed (failed ones included)
   */
  public int runClaimed(Claim claim, int claimedAtMost) {
    return runClaimed(claim, claimedAtMost, true);
  }

  /**
   * {@link #runClaimed}, handing the turn's commit to the commit pipeline instead of waiting for
   * it: the caller is free once the turn's actions have run. The turn is reported, and its lease
   * released, once its commit is durable.
   */
  public int runClaimedCommitLater(Claim claim, int claimedAtMost) {
    return runClaimed(claim, claimedAtMost, false);
  }

  /** Waits up to {@code max} for every commit handed to the pipeline to be written and settled. */
  public boolean awaitCommits(Duration max) throws InterruptedException {
    return end.awaitCommits(max);
  }

  private int runClaimed(Claim claim, int claimedAtMost, boolean await) {
    Chain chain = new Chain(claim.instance().id());
    services.local().hold(claim.instance().id(), chain);
    Turn turn;
    try {
      turn = Turn.leased(services, chain, claim.lease(), claim.instance());
    } catch (RuntimeException e) { // its lease was given up
      end.abandon(chain, "cannot process " + claim.instance().id() + ": " + e.getMessage());
      return 0;
    }
    Agenda agenda = new Agenda(claim.events(), claim.events().size() >= claimedAtMost);
    TurnReports reports = new TurnReports(turn);
    QueueConfig config = queues.apply(turn.record().machine());
    int processed = 0;
    while (processed < eventsPerClaim) {
      Instant now = clock.instant();
      Agenda.Item item = agenda.next(turn.record(), now);
      if (item == null) {
        break;
      }
      processed++;
      long started = System.nanoTime();
      try {
        apply(turn, item, now, config);
        reports.add(item, Outcome.APPLIED, now, started, null);
        if (item instanceof Agenda.Queued queued) {
          agenda.taken(queued.event());
        }
      } catch (GiveWay e) {
        break;
      } catch (RuntimeException e) {
        if (givingBack) {
          break;
        }
        Outcome outcome =
            item instanceof Agenda.Queued queued
                ? Settlement.event(turn, queued.event(), e, now, config)
                : Settlement.fire(turn, (Agenda.Fire) item, e, now, config);
        reports.add(item, outcome, now, started, e);
        if (item instanceof Agenda.Queued queued) {
          agenda.taken(queued.event());
        }
        if (outcome == Outcome.RETRYING) {
          break;
        }
      }
    }
    if (await) {
      end.commit(chain, reports);
    } else {
      end.commitLater(chain, reports);
    }
    return processed;
  }

  private void apply(Turn turn, Agenda.Item item, Instant now, QueueConfig config) {
    if (item instanceof Agenda.Queued queued) {
      QueuedEvent event = queued.event();
      turn.priority(event.priority());
      turn.apply(
          event.event(),
          now,
          config.timeout(),
          Deliveries.of(turn.id(), event.id(), event.attempts() + 1));
      if (event.idempotencyKey() != null) {
        turn.keep(event.idempotencyKey(), EventFingerprint.of(event.event()));
      }
      turn.consume(event.id());
    } else {
      Agenda.Fire fire = (Agenda.Fire) item;
      turn.priority(Priority.NORMAL);
      turn.apply(fire.event(), now, config.timeout(), Deliveries.of(turn.id(), 0, fire.attempt()));
      if (turn.record().fireRetry() != null && turn.record().fireRetry().isFor(fire.fire())) {
        turn.setRecord(turn.record().withFireRetry(null));
      }
    }
  }

  /**
   * What a synchronous send returns: the instance after it, the step's outcome, and whether it
   * dispatched region jobs.
   */
  public record Sent(
      InstanceRecord instance, boolean handled, Optional<Object> reply, boolean dispatched) {}

  /**
   * Processes one event now, in the caller's thread, under the instance's lease (waiting for it up
   * to the lock timeout). When an action throws, the instance is unchanged, a {@code FAILED} row is
   * committed, and the failure is thrown. With an idempotency key already used, nothing is
   * processed and the first outcome comes back.
   */
  public Sent send(String instanceId, Event event, String idempotencyKey) {
    while (true) {
      Chain chain = new Chain(instanceId);
      Claim claim = services.waiter().lease(instanceId, chain);
      Turn turn = Turn.leased(services, chain, claim.lease(), claim.instance());
      if (idempotencyKey != null) {
        Optional<IdempotencyRecord> first =
            services.store().queue().idempotencyRecord(instanceId, idempotencyKey);
        if (first.isPresent()) {
          end.abandon(chain, null);
          return firstAnswer(claim.instance(), first.get(), event);
        }
      }
      TurnReports reports = new TurnReports(turn);
      Instant now = clock.instant();
      long started = System.nanoTime();
      Delivery delivery = Deliveries.of(instanceId, 0, 1);
      StepResult result;
      try {
        result = turn.apply(event, now, null, delivery);
      } catch (GiveWay e) {
        end.abandon(chain, null);
        continue;
      } catch (RuntimeException e) {
        turn.addHistory(HistoryRows.failure(turn.record(), Kind.FAILED, event, e, now, delivery));
        end.commit(chain, reports);
        throw e instanceof ClockworkException
            ? e
            : new EventFailedException(instanceId, event.toString(), e);
      }
      if (idempotencyKey != null) {
        turn.keep(idempotencyKey, EventFingerprint.of(event));
      }
      reports.sent(event, now, started);
      if (!end.commit(chain, reports)) {
        throw new LeaseLostException(claim.lease());
      }
      return new Sent(turn.record(), result.handled(), result.reply(), turn.dispatched());
    }
  }

  /**
   * The answer to a send whose key was used: the first outcome, when the key's first event was this
   * one and was processed; refused otherwise (another event, or a queued one still waiting).
   */
  private static Sent firstAnswer(InstanceRecord instance, IdempotencyRecord first, Event event) {
    if (!EventFingerprint.matches(first.fingerprint(), event)) {
      throw IdempotencyConflictException.otherEvent(instance.id(), first.key());
    }
    if (first.outcome() == null) {
      throw new IdempotencyConflictException(
          instance.id(),
          first.key(),
          "belongs to queued event "
              + first.eventId()
              + ", not processed yet; look up that event instead of sending it again");
    }
    return new Sent(
        instance,
        Boolean.TRUE.equals(first.outcome().get("handled")),
        Optional.ofNullable(first.outcome().get("reply")),
        false);
  }

  /**
   * Applies what a region job sends its instance ({@code @parallel.region} or {@code
   * @parallel.fail}) under the instance's lease — leased for {@code leaseTime}, waiting up to
   * {@code lockTimeout} for whoever holds it — and deletes the job with the same commit, so its
   * result is applied once. When the step throws, nothing is written and the failure propagates
   * (the job's attempt failed).
   *
   * @return true when it was written; false when the commit was refused (the job was taken over
   *     or finished by another worker, or the instance's lease was lost)
   */
  public boolean applyRegion(
      String instanceId, JobLease job, Event event, Duration leaseTime, Duration lockTimeout) {
    while (true) {
      Chain chain = new Chain(instanceId);
      Claim claim = services.waiter().lease(instanceId, chain, leaseTime, lockTimeout);
      Turn turn = Turn.leased(services, chain, claim.lease(), claim.instance());
      turn.finishJob(job);
      TurnReports reports = new TurnReports(turn);
      Instant now = clock.instant();
      long started = System.nanoTime();
      try {
        turn.apply(event, now, null, Deliveries.of(instanceId, 0, 1));
      } catch (GiveWay e) {
        end.abandon(chain, null);
        continue;
      } catch (RuntimeException e) {
        end.abandon(chain, null);
        throw e;
      }
      reports.sent(event, now, started);
      return end.commit(chain, reports);
    }
  }

  /**
   * Creates an instance carrying {@code metadata} and what its first step asked for (children,
   * emits), in one commit.
   *
   * @throws DuplicateInstanceException when the id is taken
   * @throws CreationFailedException when an action of its first step throws (nothing is stored)
   */
  public Created create(
      MachineDefinition definition,
      String id,
      String conversationId,
      InstanceMetadata metadata,
      Map<String, ?> input,
      Event origin) {
    Instant now = clock.instant();
    Chain chain = new Chain(id);
    Creation.Created created;
    try {
      created =
          Creation.start(
              definition,
              id,
              conversationId,
              metadata,
              input,
              origin,
              now,
              services.dispatchPolicy(definition.id()));
    } catch (ActionFailedException e) {
      throw CreationFailedException.of(id, definition.id(), e);
    } catch (ClockworkException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CreationFailedException(id, definition.id(), e);
    }
    Turn turn = Turn.created(services, chain, created);
    services.delegation().afterStep(turn, created.started(), now);
    if (!end.commitOrThrow(chain, new TurnReports(turn).created(origin))) {
      throw new DuplicateInstanceException(id);
    }
    return new Created(turn.record(), turn.dispatched());
  }

  /**
   * Creates instances as {@link #create} does, in one store commit: an id that is taken refuses its
   * creation alone, and a creation that fails fails alone.
   *
   * @return per creation, in order: created, its id taken, or failed
   */
  public List<BatchCreation.Result> createAll(List<BatchCreation.Request> creations) {
    return new BatchCreation(clock, services, end).run(creations);
  }

  /** What a creation returns: the stored instance, and whether it dispatched region jobs. */
  public record Created(InstanceRecord instance, boolean dispatched) {}
}
