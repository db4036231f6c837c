package dev.clockwork.examples.queues;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Clock;
import java.util.Map;

/**
 * The README's emit example: the queue seed's three-machine chain (§4.4), order → payment → fraud,
 * whose targets are found or created in the order's conversation.
 */
public final class EmitChain {
  private EmitChain() {}

  /** Builds the three machines, checks an order out, and returns what the API caller gets. */
  public static SendResult checkout(Clock clock) {
    // snippet:start emit-chain
    var fraud =
        Machine.define("fraud")
            .initial("watching")
            .state(
                "watching",
                s -> s.on("CHECK_FRAUD", t -> t.action(x -> x.reply(Map.of("score", 0.1)))))
            .build();
    var payment =
        Machine.define("payment")
            .initial("idle")
            .state(
                "idle",
                s ->
                    s.on(
                        "PAYMENT_REQUEST",
                        t ->
                            t.to("charged")
                                .action(
                                    x -> {
                                      var check = Event.of("CHECK_FRAUD");
                                      var verdict =
                                          (Map<?, ?>) x.emit(Target.machine("fraud"), check);
                                      x.reply(
                                          Map.of(
                                              "txn_id",
                                              "txn-123",
                                              "fraud_score",
                                              verdict.get("score")));
                                    })))
            .state("charged")
            .build();
    var order =
        Machine.define("order")
            .initial("cart")
            .state(
                "cart",
                s ->
                    s.on(
                        "CHECKOUT",
                        t ->
                            t.to("paid")
                                .action(
                                    x -> {
                                      var request = Event.of("PAYMENT_REQUEST");
                                      var paid =
                                          (Map<?, ?>) x.emit(Target.machine("payment"), request);
                                      x.reply(
                                          Map.of(
                                              "order_id", x.context().get("order_id"),
                                              "txn_id", paid.get("txn_id"),
                                              "fraud_score", paid.get("fraud_score")));
                                    })))
            .state("paid")
            .build();
    Engine engine = Engine.builder().clock(clock).register(fraud, payment, order).build();
    var created =
        engine.create(
            NewInstance.of("order").id("order-001").input(Map.of("order_id", "order-001")));
    // payment@<conversation> and fraud@<conversation> are created by the first emit to them;
    // later emits from this conversation reach the same instances
    SendResult result = engine.send("order-001", Event.of("CHECKOUT"));
    // result.reply() = {order_id=order-001, txn_id=txn-123, fraud_score=0.1}
    engine.instances().inConversation(created.conversationId(), "payment"); // the order's payment
    // snippet:end emit-chain
    return result;
  }
}
