package dev.clockwork.examples.fulfilment;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;

/**
 * An order whose stock reservation and card payment run in two regions of one parallel state: with
 * parallel dispatch on, both calls are made at the same time by region jobs, so the order waits for
 * the slower one, not for both one after the other.
 */
public final class FulfilmentMachine {
  private FulfilmentMachine() {}

  /** The two slow calls the regions make. */
  public interface Services {
    /** Reserves the order's items; returns the reservation id. */
    String reserveStock(String orderId);

    /** Charges the order's card; returns the payment id. */
    String chargeCard(String orderId, long amountCents);
  }

  /** The machine on simulated services that answer at once (for the CLI and the demo server). */
  public static MachineDefinition definition() {
    return definition(
        new Services() {
          @Override
          public String reserveStock(String orderId) {
            return "res-" + orderId;
          }

          @Override
          public String chargeCard(String orderId, long amountCents) {
            return "pay-" + orderId;
          }
        });
  }

  // snippet:start fulfilment
  public static MachineDefinition definition(Services services) {
    return Machine.define("fulfilment")
        .initial("processing")
        .parallel(
            "processing",
            p ->
                p.state(
                        "inventory", // writes only its own key: reservation_id
                        r ->
                            r.initial("reserving")
                                .state(
                                    "reserving",
                                    s ->
                                        s.entry(
                                                a -> {
                                                  String order =
                                                      a.context().requireString("order_id");
                                                  a.set(
                                                      "reservation_id",
                                                      services.reserveStock(order));
                                                  a.raise("STOCK_RESERVED");
                                                })
                                            .on("STOCK_RESERVED", "reserved"))
                                .finalState("reserved"))
                    .state(
                        "payment", // writes only its own key: payment_id
                        r ->
                            r.initial("charging")
                                .state(
                                    "charging",
                                    s ->
                                        s.entry(
                                                a -> {
                                                  String order =
                                                      a.context().requireString("order_id");
                                                  long cents =
                                                      a.context().requireLong("amount_cents");
                                                  a.set(
                                                      "payment_id",
                                                      services.chargeCard(order, cents));
                                                  a.raise("PAYMENT_CAPTURED");
                                                })
                                            .on("PAYMENT_CAPTURED", "captured"))
                                .finalState("captured"))
                    .onDone("confirmed") // the last region to finish carries the order on
                    .onFail( // a region job gave up, or the region timeout passed
                        t ->
                            t.branch(
                                    b ->
                                        b.guard(g -> !g.context().has("retried"))
                                            .action(a -> a.set("retried", true))
                                            .to("retrying"))
                                .branch(
                                    b ->
                                        b.action(a -> a.set("failure", a.event().payload()))
                                            .to("failed"))))
        .state("retrying", s -> s.on("RETRY", "processing"))
        .finalState("confirmed")
        .finalState("failed")
        .build();
  }
  // snippet:end fulfilment
}
