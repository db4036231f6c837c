package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.ActionFailedException;
import dev.clockwork.runtime.error.CreationFailedException;
import dev.clockwork.runtime.instance.InstanceMetadata;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Creates many instances in one store commit: each creation is a chain of its own (its own commit
 * group), so an id that is taken refuses that creation alone, and a creation that fails (its entry
 * action throws) fails alone. When the shared commit throws, each creation is written alone ({@link
 * CommitPipeline#commitAll}). Two creations of one id in a batch are one creation and then, in a
 * following commit, a taken id.
 */
public final class BatchCreation {
  private final Clock clock;
  private final TurnServices services;
  private final TurnEnd end;

  BatchCreation(Clock clock, TurnServices services, TurnEnd end) {
    this.clock = clock;
    this.services = services;
    this.end = end;
  }

  /** One creation: what {@link TurnRunner#create} takes. */
  public record Request(
      MachineDefinition definition,
      String id,
      String conversationId,
      InstanceMetadata metadata,
      Map<String, ?> input,
      Event origin) {}

  /**
   * What became of one creation: {@code created} when it was written; neither when its id is taken;
   * {@code failure} when nothing of it was written because it failed.
   */
  public record Result(TurnRunner.Created created, RuntimeException failure) {
    public boolean duplicate() {
      return created == null && failure == null;
    }
  }

  List<Result> run(List<Request> requests) {
    Result[] results = new Result[requests.size()];
    List<Integer> again = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    List<Chain> chains = new ArrayList<>(requests.size());
    List<TurnReports> reports = new ArrayList<>(requests.size());
    List<Turn> turns = new ArrayList<>(requests.size());
    List<Integer> at = new ArrayList<>(requests.size());
    Instant now = clock.instant();
    for (int i = 0; i < requests.size(); i++) {
      Request request = requests.get(i);
      if (!ids.add(request.id())) {
        again.add(i);
        continue;
      }
      Chain chain = new Chain(request.id());
      try {
        Turn turn = start(request, chain, now);
        chains.add(chain);
        reports.add(new TurnReports(turn).created(request.origin()));
        turns.add(turn);
        at.add(i);
      } catch (ActionFailedException e) {
        end.abandon(chain, null);
        // the failure TurnRunner.create gives
        results[i] =
            new Result(
                null, CreationFailedException.of(request.id(), request.definition().id(), e));
      } catch (RuntimeException e) {
        end.abandon(chain, null);
        results[i] = new Result(null, e);
      }
    }
    List<TurnEnd.Ended> ended = end.commitAll(chains, reports);
    for (int k = 0; k < at.size(); k++) {
      TurnEnd.Ended chainEnd = ended.get(k);
      Turn turn = turns.get(k);
      results[at.get(k)] =
          chainEnd.written()
              ? new Result(new TurnRunner.Created(turn.record(), turn.dispatched()), null)
              : new Result(null, chainEnd.failure());
    }
    if (!again.isEmpty()) {
      List<Request> repeated = new ArrayList<>(again.size());
      again.forEach(i -> repeated.add(requests.get(i)));
      List<Result> second = run(repeated);
      for (int k = 0; k < again.size(); k++) {
        results[again.get(k)] = second.get(k);
      }
    }
    return Arrays.asList(results);
  }

  /** The new instance's turn, with what its first step asked for (children, emits) in its chain. */
  private Turn start(Request request, Chain chain, Instant now) {
    Creation.Created created =
        Creation.start(
            request.definition(),
            request.id(),
            request.conversationId(),
            request.metadata(),
            request.input(),
            request.origin(),
            now,
            services.dispatchPolicy(request.definition().id()));
    Turn turn = Turn.created(services, chain, created);
    services.delegation().afterStep(turn, created.started(), now);
    return turn;
  }
}
