package dev.clockwork.bench.machines;

import java.util.Map;
import java.util.Set;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.config.StateMachineBuilder;
import reactor.core.publisher.Mono;

/**
 * The benchmark machines in Spring Statemachine, built once with {@link StateMachineBuilder} and
 * started once. Guards and actions are Spring {@code Guard}/{@code Action} lambdas; the order's
 * data lives in the machine's extended state variables (a mutable map), Spring's counterpart of
 * Clockwork's context.
 */
public final class SpringMachines {
  private SpringMachines() {}

  /** Builder steps throw {@code Exception}; this keeps that out of every caller. */
  private interface Declaration {
    void declare(StateMachineBuilder.Builder<String, String> builder) throws Exception;
  }

  /**
   * Sends one event the way a Spring Statemachine 3/4 user does without the deprecated blocking
   * {@code sendEvent(E)}: a message in a {@code Mono}, blocking until it has been processed.
   */
  public static StateMachineEventResult<String, String> send(
      StateMachine<String, String> machine, String event) {
    return machine.sendEvent(Mono.just(MessageBuilder.withPayload(event).build())).blockLast();
  }

  /** (a) off ⇄ on on TOGGLE. */
  public static StateMachine<String, String> toggle() {
    return started(
        b -> {
          b.configureStates().withStates().initial("off").state("on");
          b.configureTransitions()
              .withExternal()
              .source("off")
              .target("on")
              .event("TOGGLE")
              .and()
              .withExternal()
              .source("on")
              .target("off")
              .event("TOGGLE");
        });
  }

  /** (b) the order cycle; see {@link ClockworkMachines#order()}. */
  public static StateMachine<String, String> order() {
    StateMachine<String, String> machine =
        started(
            b -> {
              b.configureStates()
                  .withStates()
                  .initial(Orders.IDLE)
                  .states(Set.of(Orders.AWAITING_PAYMENT, Orders.PAID_STATE, Orders.SHIPPED));
              b.configureTransitions()
                  .withExternal()
                  .source(Orders.IDLE)
                  .target(Orders.AWAITING_PAYMENT)
                  .event(Orders.SUBMIT)
                  .and()
                  .withExternal()
                  .source(Orders.AWAITING_PAYMENT)
                  .target(Orders.PAID_STATE)
                  .event(Orders.PAY)
                  .guard(c -> c.getExtendedState().get(Orders.AMOUNT, Integer.class) > 0)
                  .action(
                      c -> {
                        Map<Object, Object> vars = c.getExtendedState().getVariables();
                        vars.put(Orders.PAID, true);
                        vars.put(Orders.COUNT, (Long) vars.get(Orders.COUNT) + 1);
                      })
                  .and()
                  .withExternal()
                  .source(Orders.PAID_STATE)
                  .target(Orders.SHIPPED)
                  .event(Orders.SHIP)
                  .and()
                  .withExternal()
                  .source(Orders.SHIPPED)
                  .target(Orders.IDLE)
                  .event(Orders.RESET)
                  .action(c -> c.getExtendedState().getVariables().put(Orders.PAID, false));
            });
    Map<Object, Object> vars = machine.getExtendedState().getVariables();
    vars.put(Orders.AMOUNT, Orders.INITIAL_AMOUNT);
    vars.put(Orders.PAID, false);
    vars.put(Orders.COUNT, 0L);
    return machine;
  }

  /**
   * (c) three orthogonal regions r1, r2, r3, each flipping a ⇄ b on X.
   *
   * <p>The regions sit at the top level of the machine, not inside a parallel child state {@code p}
   * as in the Clockwork and squirrel machines: with a parent state, Spring Statemachine fires X in
   * only one region (its open issues #547 and #1111), so the machine would not do the same work.
   * Top-level regions are the documented way that works; they spare Spring one level of nesting.
   */
  public static StateMachine<String, String> parallel() {
    return started(
        b -> {
          b.configureStates()
              .withStates()
              .region("r1")
              .initial("r1.a")
              .state("r1.b")
              .and()
              .withStates()
              .region("r2")
              .initial("r2.a")
              .state("r2.b")
              .and()
              .withStates()
              .region("r3")
              .initial("r3.a")
              .state("r3.b");
          var transitions = b.configureTransitions();
          for (String region : new String[] {"r1", "r2", "r3"}) {
            transitions
                .withExternal()
                .source(region + ".a")
                .target(region + ".b")
                .event("X")
                .and()
                .withExternal()
                .source(region + ".b")
                .target(region + ".a")
                .event("X");
          }
        });
  }

  private static StateMachine<String, String> started(Declaration declaration) {
    StateMachineBuilder.Builder<String, String> builder = StateMachineBuilder.builder();
    try {
      builder.configureConfiguration().withConfiguration().autoStartup(false);
      declaration.declare(builder);
    } catch (Exception e) {
      throw new IllegalStateException("the Spring Statemachine declaration failed", e);
    }
    StateMachine<String, String> machine = builder.build();
    machine.startReactively().block();
    return machine;
  }
}
