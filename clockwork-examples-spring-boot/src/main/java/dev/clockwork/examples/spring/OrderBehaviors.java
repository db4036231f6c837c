package dev.clockwork.examples.spring;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.GuardScope;
import dev.clockwork.spring.boot.behavior.ClockworkAction;
import dev.clockwork.spring.boot.behavior.ClockworkGuard;
import org.springframework.stereotype.Component;

/** The order machine's behaviours as Spring components, named as the definition names them. */
// snippet:start spring-boot-behaviors
final class OrderBehaviors {
  private OrderBehaviors() {}

  @Component
  @ClockworkAction("recordPayment")
  static class RecordPayment implements Action {
    @Override
    public void run(ActionScope scope) {
      scope.set("paid", true);
    }
  }

  @Component
  @ClockworkGuard("isNotPaidGuard")
  static class IsNotPaid implements Guard {
    @Override
    public boolean test(GuardScope scope) {
      return !scope.context().getBoolean("paid");
    }
  }
}
// snippet:end spring-boot-behaviors
