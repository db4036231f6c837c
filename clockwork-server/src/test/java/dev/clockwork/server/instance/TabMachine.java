package dev.clockwork.server.instance;

import dev.clockwork.core.definition.EventValidator;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.Map;

/**
 * A bar tab for the instance API tests: ADD (its payload needs {@code amount}) adds to the total
 * and replies with it; CLOSE raises the internal event SETTLE, which ends the tab.
 */
final class TabMachine {
  private TabMachine() {}

  static MachineDefinition definition() {
    return Machine.define("tab")
        .context(Map.of("total", 0))
        .initial("open")
        .state(
            "open",
            s ->
                s.on(
                        "ADD",
                        t ->
                            t.action(
                                x -> {
                                  int total =
                                      ((Number) x.context().get("total")).intValue()
                                          + ((Number) x.event().payload().get("amount")).intValue();
                                  x.set("total", total);
                                  x.reply(Map.of("total", total));
                                }))
                    .on("CLOSE", t -> t.to("closing").action(x -> x.raise("SETTLE"))))
        .state("closing", s -> s.on("SETTLE", "closed"))
        .finalState("closed")
        .validate("ADD", EventValidator.requiring("amount"))
        .build();
  }
}
