package dev.clockwork.runtime.parallel;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The machines the parallel dispatch tests run: an order whose inventory and payment regions each
 * run an entry action that a test can hold, fail or watch ({@link #hook}), then raise the event
 * that finishes its region.
 */
final class DispatchMachines {
  /** What each region's entry action does before it writes and raises; replaced per test. */
  static final Map<String, Consumer<ActionScope>> HOOKS = new ConcurrentHashMap<>();

  private DispatchMachines() {}

  static void reset() {
    HOOKS.clear();
  }

  static void hook(String region, Consumer<ActionScope> hook) {
    HOOKS.put(region, hook);
  }

  private static void run(String region, ActionScope scope) {
    Consumer<ActionScope> hook = HOOKS.get(region);
    if (hook != null) {
      hook.accept(scope);
    }
  }

  /**
   * {@code order}: {@code processing} is parallel (inventory writes {@code inventoryKey}, payment
   * writes {@code paymentKey}, each raises its OK event) with {@code @done → completed} and, when
   * {@code withFail}, {@code @fail → retrying} when the context has {@code retry}, else {@code
   * failed}. {@code CANCEL} leaves for {@code cancelled} from anywhere; {@code HOLD} runs the
   * {@code hold} hook and stays.
   */
  static MachineDefinition order(
      String id, String inventoryKey, String paymentKey, boolean withFail) {
    return Machine.define(id)
        .initial("processing")
        .parallel(
            "processing",
            p -> {
              p.state(
                      "inventory",
                      r ->
                          r.initial("checking")
                              .state(
                                  "checking",
                                  s ->
                                      s.entry(
                                              a -> {
                                                run("inventory", a);
                                                a.set(inventoryKey, "reserved");
                                                a.raise("INVENTORY_OK");
                                              })
                                          .on("INVENTORY_OK", "done"))
                              .finalState("done", s -> s.entry(a -> run("inventory_done", a))))
                  .state(
                      "payment",
                      r ->
                          r.initial("charging")
                              .state(
                                  "charging",
                                  s ->
                                      s.entry(
                                              a -> {
                                                run("payment", a);
                                                a.set(paymentKey, "charged");
                                                a.raise("PAYMENT_OK");
                                              })
                                          .on("PAYMENT_OK", "done"))
                              .finalState("done"))
                  .onDone("completed");
              if (withFail) {
                p.onFail(
                    t ->
                        t.branch(b -> b.guard(g -> g.context().has("retry")).to("retrying"))
                            .branch(b -> b.to("failed")));
              }
            })
        .state("retrying", s -> s.on("RETRY", "processing"))
        .state("cancelled")
        .state("completed")
        .state("failed")
        .on("CANCEL", "cancelled")
        .on("HOLD", t -> t.action(a -> run("hold", a)))
        .build();
  }

  /**
   * {@code waiting}: region {@code webhook}'s entry action records that it asked and raises nothing
   * (the region waits for {@code WEBHOOK}); region {@code idle}'s does nothing at all.
   */
  static final MachineDefinition WAITING =
      Machine.define("waiting")
          .initial("p")
          .parallel(
              "p",
              p ->
                  p.state(
                          "webhook",
                          r ->
                              r.initial("asked")
                                  .state(
                                      "asked",
                                      s ->
                                          s.entry(a -> a.set("requested", true))
                                              .on("WEBHOOK", "answered"))
                                  .finalState("answered"))
                      .state(
                          "idle",
                          r ->
                              r.initial("resting")
                                  .state("resting", s -> s.entry(a -> {}).on("WAKE", "awake"))
                                  .finalState("awake"))
                      .onDone("finished"))
          .state("finished")
          .build();

  static final MachineDefinition ORDER = order("order", "inventory_result", "payment_result", true);
  static final MachineDefinition NO_FAIL =
      order("nofail", "inventory_result", "payment_result", false);
  static final MachineDefinition SHARED = order("shared", "total", "total", true);
}
