package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.audit.OperatorAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for the operator audit: actions come back as written, numbered in the order
 * written, newest first, a page at a time with no gap and no repeat.
 */
public abstract class OperatorLogContractTest extends StoreContract {

  @Test
  void anActionComesBackAsWrittenWithItsId() {
    OperatorAction written =
        store
            .operatorLog()
            .append(
                new OperatorAction(
                    0,
                    T0,
                    "otto",
                    "req-1",
                    "api",
                    "dead_letter.retry",
                    "dead_letter:7",
                    Map.of("delay", "PT5M", "attempts", 3L, "nested", Map.of("ok", true))));

    assertThat(written.id()).isPositive();
    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10)).containsExactly(written);
  }

  @Test
  void optionalPartsMayBeAbsent() {
    OperatorAction written =
        store
            .operatorLog()
            .append(
                new OperatorAction(0, T0, "cron", null, null, "queue.pause", "queue:order", null));

    OperatorAction read = store.operatorLog().list(null, Long.MAX_VALUE, 1).get(0);
    assertThat(read).isEqualTo(written);
    assertThat(read.requestId()).isNull();
    assertThat(read.details()).isEmpty();
  }

  @Test
  void actionsArePagedNewestFirstWithNoGapAndNoRepeat() {
    List<OperatorAction> written = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      written.add(
          store
              .operatorLog()
              .append(
                  new OperatorAction(
                      0,
                      T0.plusSeconds(i),
                      "ada",
                      "req-" + i,
                      "api",
                      "queue.pause",
                      "queue:q" + i,
                      Map.of())));
    }

    List<OperatorAction> read = new ArrayList<>();
    long before = Long.MAX_VALUE;
    while (true) {
      List<OperatorAction> page = store.operatorLog().list(null, before, 3);
      read.addAll(page);
      if (page.size() < 3) {
        break;
      }
      before = page.get(page.size() - 1).id();
    }

    Collections.reverse(written);
    assertThat(read).containsExactlyElementsOf(written);
  }
}
