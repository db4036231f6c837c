package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryStoreCommitTest extends CommitContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }

  @Test
  void aCommitThatThrowsHasWrittenNothing() {
    create("o-1", "o-2");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    QueuedEvent poison = enqueue("o-2", "POISON", T0);
    List<Claim> claims = claim(T0);
    Claim first = claims.get(0).instance().id().equals("o-1") ? claims.get(0) : claims.get(1);
    Claim second = first == claims.get(0) ? claims.get(1) : claims.get(0);

    assertThatThrownBy(
            () ->
                commit(
                    update(first).consumed(List.of(pay.id())),
                    update(second).deadLettered(List.of(poison)))) // no errors: cannot die
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("POISON");

    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.work().renew(first.lease(), T0.plus(LEASE))).as("still leased").isPresent();
    assertThat(store.queue().pendingEvents()).isEqualTo(2);
  }
}
