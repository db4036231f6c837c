package dev.clockwork.chaos.machine;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;

/**
 * The peer a chaos instance emits to: one per sender, found or created in the sender's conversation
 * ({@code Target.machine}). It appends the token of each synchronous emit ({@value #SYNC}) to
 * {@value #SYNC_TOKENS} and replies with it, and the token of each asynchronous one ({@value
 * #ASYNC}) to {@value #ASYNC_TOKENS}.
 */
public final class ChaosPeer {
  public static final String ID = "chaos-peer";
  public static final String SYNC = "SYNC";
  public static final String ASYNC = "ASYNC";
  public static final String TOKEN = "token";
  public static final String SYNC_TOKENS = "sync";
  public static final String ASYNC_TOKENS = "async";

  private ChaosPeer() {}

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("listening")
        .state(
            "listening",
            s ->
                s.on(
                        SYNC,
                        t ->
                            t.action(
                                x -> {
                                  long token = ContextLists.payloadNumber(x, TOKEN);
                                  ContextLists.append(x, SYNC_TOKENS, token);
                                  x.reply(token);
                                }))
                    .on(
                        ASYNC,
                        t ->
                            t.action(
                                x ->
                                    ContextLists.append(
                                        x, ASYNC_TOKENS, ContextLists.payloadNumber(x, TOKEN)))))
        .build();
  }
}
