package dev.clockwork.runtime.internal;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chain as it stood before a macrostep: when the step fails, every turn of the chain goes back to
 * its mark, and the turns the step brought in (instances it leased or created) leave the chain,
 * their leases given up. A step lands whole or not at all, however many instances it reached.
 */
final class Savepoint {
  private final Chain chain;
  private final Map<Turn, Turn.Mark> marks = new IdentityHashMap<>();

  private Savepoint(Chain chain) {
    this.chain = chain;
  }

  static Savepoint of(Chain chain) {
    Savepoint savepoint = new Savepoint(chain);
    for (Turn turn : chain.turns()) {
      savepoint.marks.put(turn, turn.mark());
    }
    return savepoint;
  }

  void rollback() {
    List<Turn> turns = chain.turns();
    for (Turn turn : turns) {
      Turn.Mark mark = marks.get(turn);
      if (mark != null) {
        turn.restore(mark);
      } else {
        chain.remove(turn);
        turn.services().giveUp(turn);
      }
    }
  }
}
