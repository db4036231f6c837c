package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.Outreach;
import dev.clockwork.chaos.check.Reached.ChildSeen;
import dev.clockwork.chaos.check.Reached.PeerSeen;
import dev.clockwork.chaos.machine.ChaosMachine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * I8: what the chaos instances asked of others arrived exactly once. The sender's context is the
 * truth of what was asked (it is written in the commit that asks):
 *
 * <ul>
 *   <li>each SPAWN started exactly one child, which finished, and whose {@code @done} the parent
 *       applied once (no {@code @fail}, no child without a SPAWN);
 *   <li>each EMIT's token reached the sender's one peer once synchronously and once asynchronously
 *       (and the peer has no token that was not emitted);
 *   <li>each BROADCAST's token reached every receiver once (and no receiver heard a token that was
 *       not broadcast).
 * </ul>
 */
final class DeliveryCheck {
  private final Verdict.Row child;
  private final Verdict.Row sync;
  private final Verdict.Row async;
  private final Verdict.Row broadcast;

  DeliveryCheck(Verdict verdict) {
    child = verdict.row(Checker.CHILD, "spawn without one finished child reported once");
    sync = verdict.row(Checker.EMIT_SYNC, "sync emit token not at the peer exactly once");
    async = verdict.row(Checker.EMIT_ASYNC, "async emit token not at the peer exactly once");
    broadcast = verdict.row(Checker.BROADCAST, "broadcast token not at a receiver exactly once");
  }

  void check(Map<String, InstanceSeen> instances, Reached reached) {
    Map<String, InstanceSeen> sorted = new TreeMap<>(instances);
    checkChildren(sorted, reached.children());
    sorted.forEach((id, i) -> checkEmits(id, i.outreach(), reached.peers().get(id)));
    reached.peers().keySet().stream()
        .filter(sender -> !instances.containsKey(sender))
        .sorted()
        .forEach(sender -> sync.violation("peer(s) in " + sender + ", which no sender owns"));
    checkBroadcasts(sorted, reached.receivers());
  }

  private void checkChildren(Map<String, InstanceSeen> instances, List<ChildSeen> children) {
    Map<String, List<ChildSeen>> byEntry = new HashMap<>();
    for (ChildSeen c : children) {
      byEntry.computeIfAbsent(c.parent() + ":" + c.parentSeq(), k -> new ArrayList<>()).add(c);
    }
    Set<String> spawned = new HashSet<>();
    instances.forEach(
        (id, instance) -> {
          Outreach outreach = instance.outreach();
          Map<Long, Integer> done = CycleCheck.counts(outreach.childrenDone());
          for (long spawn : new HashSet<>(outreach.spawns())) {
            String entry = id + ":" + spawn;
            spawned.add(entry);
            List<ChildSeen> found = byEntry.getOrDefault(entry, List.of());
            child.checked();
            if (found.size() != 1) {
              child.violation(id + ": spawn " + spawn + " has " + found.size() + " children");
            } else if (!found.get(0).done()) {
              child.violation(
                  id + ": spawn " + spawn + "'s child " + found.get(0).id() + " not done");
            } else if (done.getOrDefault(spawn, 0) != 1) {
              child.violation(
                  id
                      + ": spawn "
                      + spawn
                      + "'s child done, the parent applied its @done "
                      + done.getOrDefault(spawn, 0)
                      + " times");
            }
          }
          done.keySet().stream()
              .filter(s -> !outreach.spawns().contains(s))
              .forEach(s -> child.violation(id + ": @done of a child of " + s + ", no such spawn"));
          outreach
              .childrenFailed()
              .forEach(s -> child.violation(id + ": child of " + s + " failed"));
        });
    byEntry.keySet().stream()
        .filter(entry -> !spawned.contains(entry))
        .sorted()
        .forEach(entry -> child.violation("child " + byEntry.get(entry) + " of no spawn"));
  }

  private void checkEmits(String id, Outreach outreach, List<PeerSeen> peers) {
    List<PeerSeen> found = peers == null ? List.of() : peers;
    if (found.size() > 1 || (found.size() == 1 && outreach.emits().isEmpty())) {
      sync.violation(id + ": " + found.size() + " peers for " + outreach.emits().size() + " emits");
    }
    exactlyOnce(id, outreach.emits(), found, PeerSeen::sync, sync);
    exactlyOnce(id, outreach.emits(), found, PeerSeen::async, async);
  }

  private static void exactlyOnce(
      String id,
      List<Long> emitted,
      List<PeerSeen> peers,
      Function<PeerSeen, List<Long>> tokens,
      Verdict.Row row) {
    Map<Long, Integer> got = new HashMap<>();
    peers.forEach(p -> tokens.apply(p).forEach(t -> got.merge(t, 1, Integer::sum)));
    for (long token : new HashSet<>(emitted)) {
      row.checked();
      int times = got.getOrDefault(token, 0);
      if (times != 1) {
        row.violation(id + ": token " + token + " reached its peer " + times + " times");
      }
    }
    got.keySet().stream()
        .filter(t -> !emitted.contains(t))
        .sorted()
        .forEach(t -> row.violation(id + ": its peer got token " + t + ", never emitted"));
  }

  private void checkBroadcasts(
      Map<String, InstanceSeen> instances, Map<String, List<String>> heard) {
    Set<String> sent = new HashSet<>();
    instances.forEach(
        (id, i) ->
            i.outreach().broadcasts().forEach(s -> sent.add(ChaosMachine.broadcastToken(id, s))));
    new TreeMap<>(heard)
        .forEach(
            (receiver, tokens) -> {
              Map<String, Integer> got = new HashMap<>();
              tokens.forEach(t -> got.merge(t, 1, Integer::sum));
              for (String token : new TreeSet<>(sent)) {
                broadcast.checked();
                int times = got.getOrDefault(token, 0);
                if (times != 1) {
                  broadcast.violation(receiver + " heard " + token + " " + times + " times");
                }
              }
              got.keySet().stream()
                  .filter(t -> !sent.contains(t))
                  .sorted()
                  .forEach(
                      t -> broadcast.violation(receiver + " heard " + t + ", never broadcast"));
            });
  }
}
