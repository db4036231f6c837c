package dev.clockwork.examples.spring;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.schedule.ScheduleRequest;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The machines and the schedule of the example, as beans the starter picks up. */
// snippet:start spring-boot-machine
@Configuration(proxyBeanMethods = false)
public class OrderMachines {

  /** Behaviours by name, as the seeds write them; the starter's Behaviors bean resolves them. */
  @Bean
  MachineDefinition order(Behaviors behaviors) {
    return Machine.define("order")
        .behaviors(behaviors)
        .context(Map.of("paid", false))
        .initial("idle")
        .state("idle", s -> s.on("SUBMIT", "awaiting_payment"))
        .state(
            "awaiting_payment",
            s ->
                s.on("PAY", t -> t.to("processing").action("recordPayment"))
                    .on(
                        "ORDER_EXPIRED",
                        t -> t.to("cancelled").guard("isNotPaidGuard").after(Timer.days(7))))
        .state("processing", s -> s.on("SHIP", "shipped"))
        .finalState("shipped")
        .finalState("cancelled")
        .build();
  }

  /** Every night at two, a restock run starts (created or updated when the application starts). */
  @Bean
  ScheduleRequest nightlyRestock() {
    return ScheduleRequest.builder("nightly-restock")
        .startMachine("restock", Map.of("warehouse", "main"))
        .cron("0 2 * * *")
        .timezone("Europe/Paris")
        .build();
  }

  // snippet:end spring-boot-machine

  @Bean
  MachineDefinition restock() {
    return Machine.define("restock")
        .initial("requested")
        .state("requested", s -> s.on("DONE", "done"))
        .finalState("done")
        .build();
  }
}
