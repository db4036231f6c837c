package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Reached.ChildSeen;
import dev.clockwork.chaos.check.Reached.PeerSeen;
import dev.clockwork.chaos.machine.ChaosChild;
import dev.clockwork.chaos.machine.ChaosPeer;
import dev.clockwork.chaos.machine.ChaosReceiver;
import dev.clockwork.chaos.machine.ContextLists;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.store.Store;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the instances the chaos instances reached: every peer and child (listed by machine through
 * the {@link Store} SPI's {@code instanceIds}), and the broadcast receivers.
 */
final class ReachObserver {
  private final Engine engine;
  private final Store store;

  ReachObserver(Engine engine, Store store) {
    this.engine = engine;
    this.store = store;
  }

  /**
   * @param senders per conversation id, the chaos instance it belongs to
   */
  Reached read(Map<String, String> senders) {
    Map<String, List<PeerSeen>> peers = new HashMap<>();
    for (String id : store.instances().instanceIds(ChaosPeer.ID)) {
      Instance peer = engine.instances().get(id);
      String sender =
          senders.getOrDefault(
              peer.conversationId(), "(conversation " + peer.conversationId() + ")");
      peers
          .computeIfAbsent(sender, k -> new ArrayList<>())
          .add(
              new PeerSeen(
                  id,
                  ContextLists.numbers(peer.context().get(ChaosPeer.SYNC_TOKENS)),
                  ContextLists.numbers(peer.context().get(ChaosPeer.ASYNC_TOKENS))));
    }
    Map<String, List<String>> receivers = new HashMap<>();
    for (String id : ChaosReceiver.ids()) {
      try {
        receivers.put(
            id, ContextLists.tokens(engine.instances().get(id).context().get(ChaosReceiver.HEARD)));
      } catch (UnknownInstanceException e) {
        // a run without receivers (in process): no broadcast can be checked
      }
    }
    List<ChildSeen> children = new ArrayList<>();
    for (String id : store.instances().instanceIds(ChaosChild.ID)) {
      Instance child = engine.instances().get(id);
      Object parentSeq = child.context().get(ChaosChild.PARENT_SEQ);
      children.add(
          new ChildSeen(
              id,
              String.valueOf(child.context().get(ChaosChild.PARENT)),
              parentSeq instanceof Number number ? number.longValue() : -1,
              child.isDone()));
    }
    return new Reached(peers, receivers, children);
  }
}
