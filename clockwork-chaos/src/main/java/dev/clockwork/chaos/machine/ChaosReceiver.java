package dev.clockwork.chaos.machine;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * The receivers of the chaos machine's broadcasts: {@value #COUNT} instances, {@code receiver-1}…,
 * created before the workers start and never leaving {@value #STATE}, so every broadcast has the
 * same known recipients. Each appends the token of every {@value #HEAR} to {@value #HEARD}.
 */
public final class ChaosReceiver {
  public static final String ID = "chaos-receiver";
  public static final String STATE = "listening";
  public static final String HEAR = "HEAR";
  public static final String TOKEN = "token";
  public static final String HEARD = "heard";
  public static final int COUNT = 3;

  private ChaosReceiver() {}

  /** The receiver instance ids. */
  public static List<String> ids() {
    List<String> ids = new ArrayList<>();
    for (int i = 1; i <= COUNT; i++) {
      ids.add("receiver-" + i);
    }
    return ids;
  }

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial(STATE)
        .state(
            STATE,
            s ->
                s.on(
                    HEAR,
                    t ->
                        t.action(
                            x ->
                                ContextLists.append(
                                    x, HEARD, String.valueOf(x.event().payload().get(TOKEN))))))
        .build();
  }
}
