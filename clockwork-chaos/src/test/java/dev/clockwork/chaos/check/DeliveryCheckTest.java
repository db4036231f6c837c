package dev.clockwork.chaos.check;

import static dev.clockwork.chaos.check.Verdicts.holds;
import static dev.clockwork.chaos.check.Verdicts.onlyBroken;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.Outreach;
import dev.clockwork.chaos.check.Reached.ChildSeen;
import dev.clockwork.chaos.check.Reached.PeerSeen;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** I8's counting: children, emits and broadcasts arrive exactly once. */
class DeliveryCheckTest {
  private static final ChildSeen CHILD = new ChildSeen("i-1/spawning#3", "i-1", 5, true);

  private static Verdict children(List<Long> done, List<Long> failed, List<ChildSeen> children) {
    return Verdicts.check(
        Cycles.NONE,
        new Outreach(List.of(5L), done, failed, List.of(), List.of()),
        new Reached(Map.of(), Map.of(), children),
        ScheduleSeen.NONE);
  }

  private static Verdict emits(List<PeerSeen> peers) {
    return Verdicts.check(
        Cycles.NONE,
        new Outreach(List.of(), List.of(), List.of(), List.of(6L, 8L), List.of()),
        new Reached(Map.of("i-1", peers), Map.of(), List.of()),
        ScheduleSeen.NONE);
  }

  private static Verdict broadcasts(List<String> first, List<String> second) {
    return Verdicts.check(
        Cycles.NONE,
        new Outreach(List.of(), List.of(), List.of(), List.of(), List.of(7L, 11L)),
        new Reached(Map.of(), Map.of("receiver-1", first, "receiver-2", second), List.of()),
        ScheduleSeen.NONE);
  }

  @Test
  void aSpawnWithOneFinishedChildReportedOnceHolds() {
    Verdict verdict = children(List.of(5L), List.of(), List.of(CHILD));
    holds(verdict);
    assertThat(verdict.get(Checker.CHILD).checkedCount()).isEqualTo(1);
  }

  @Test
  void twoChildrenForOneSpawnAreCounted() {
    ChildSeen second = new ChildSeen("i-1/spawning#4", "i-1", 5, true);
    onlyBroken(children(List.of(5L), List.of(), List.of(CHILD, second)), 1, Checker.CHILD);
  }

  @Test
  void aCompletionAppliedTwiceOrNeverIsCounted() {
    onlyBroken(children(List.of(5L, 5L), List.of(), List.of(CHILD)), 1, Checker.CHILD);
    onlyBroken(children(List.of(), List.of(), List.of(CHILD)), 1, Checker.CHILD);
  }

  @Test
  void anUnfinishedFailedOrOrphanChildIsCounted() {
    ChildSeen running = new ChildSeen(CHILD.id(), "i-1", 5, false);
    onlyBroken(children(List.of(), List.of(), List.of(running)), 1, Checker.CHILD);
    onlyBroken(children(List.of(5L), List.of(5L), List.of(CHILD)), 1, Checker.CHILD);
    ChildSeen orphan = new ChildSeen("i-2/spawning#3", "i-2", 1, true);
    onlyBroken(children(List.of(5L), List.of(), List.of(CHILD, orphan)), 1, Checker.CHILD);
  }

  @Test
  void emitsReachingTheOnePeerOnceEachWayHold() {
    Verdict verdict = emits(List.of(new PeerSeen("p", List.of(6L, 8L), List.of(8L, 6L))));
    holds(verdict);
    assertThat(verdict.get(Checker.EMIT_SYNC).checkedCount()).isEqualTo(2);
    assertThat(verdict.get(Checker.EMIT_ASYNC).checkedCount()).isEqualTo(2);
  }

  @Test
  void anAsyncEmitDeliveredTwiceIsCounted() {
    onlyBroken(
        emits(List.of(new PeerSeen("p", List.of(6L, 8L), List.of(6L, 8L, 6L)))),
        1,
        Checker.EMIT_ASYNC);
  }

  @Test
  void aSyncEmitMissingOrNeverSentIsCounted() {
    onlyBroken(
        emits(List.of(new PeerSeen("p", List.of(6L), List.of(6L, 8L)))), 1, Checker.EMIT_SYNC);
    onlyBroken(
        emits(List.of(new PeerSeen("p", List.of(6L, 8L, 9L), List.of(6L, 8L)))),
        1,
        Checker.EMIT_SYNC);
  }

  @Test
  void aSecondPeerInTheConversationIsCounted() {
    onlyBroken(
        emits(
            List.of(
                new PeerSeen("p", List.of(6L, 8L), List.of(6L, 8L)),
                new PeerSeen("q", List.of(), List.of()))),
        1,
        Checker.EMIT_SYNC);
  }

  @Test
  void broadcastsHeardOnceByEveryReceiverHold() {
    Verdict verdict = broadcasts(List.of("i-1:7", "i-1:11"), List.of("i-1:11", "i-1:7"));
    holds(verdict);
    assertThat(verdict.get(Checker.BROADCAST).checkedCount()).isEqualTo(4);
  }

  @Test
  void aDuplicatedBroadcastTokenIsCounted() {
    onlyBroken(
        broadcasts(List.of("i-1:7", "i-1:11"), List.of("i-1:7", "i-1:11", "i-1:7")),
        1,
        Checker.BROADCAST);
  }

  @Test
  void aMissedOrUnsentBroadcastTokenIsCounted() {
    onlyBroken(broadcasts(List.of("i-1:7", "i-1:11"), List.of("i-1:7")), 1, Checker.BROADCAST);
    onlyBroken(
        broadcasts(List.of("i-1:7", "i-1:11", "i-1:12"), List.of("i-1:7", "i-1:11")),
        1,
        Checker.BROADCAST);
  }
}
