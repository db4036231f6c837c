package dev.clockwork.chaos.check;

import java.util.List;
import java.util.Map;

/**
 * The instances the chaos instances reached, as stored after the run.
 *
 * @param peers per chaos instance id, the peers in its conversation (normally one, or none when it
 *     emitted nothing); peers in a conversation of no chaos instance are listed under {@code
 *     (conversation <id>)}
 * @param receivers per broadcast receiver id, the tokens it heard in the order it heard them
 * @param children every child instance
 */
public record Reached(
    Map<String, List<PeerSeen>> peers,
    Map<String, List<String>> receivers,
    List<ChildSeen> children) {
  public static final Reached NONE = new Reached(Map.of(), Map.of(), List.of());

  public Reached {
    peers = Map.copyOf(peers);
    receivers = Map.copyOf(receivers);
    children = List.copyOf(children);
  }

  /**
   * One peer.
   *
   * @param id its instance id
   * @param sync the tokens of the synchronous emits it processed
   * @param async the tokens of the asynchronous emits it processed
   */
  public record PeerSeen(String id, List<Long> sync, List<Long> async) {
    public PeerSeen {
      sync = List.copyOf(sync);
      async = List.copyOf(async);
    }
  }

  /**
   * One child instance.
   *
   * @param id its instance id
   * @param parent the parent its input names
   * @param parentSeq the number of the SPAWN that started it, from its input
   * @param done whether it reached its final state
   */
  public record ChildSeen(String id, String parent, long parentSeq, boolean done) {}
}
