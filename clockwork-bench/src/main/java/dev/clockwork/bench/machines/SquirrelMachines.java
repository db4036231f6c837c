package dev.clockwork.bench.machines;

import org.squirrelframework.foundation.fsm.StateMachineBuilderFactory;
import org.squirrelframework.foundation.fsm.UntypedAnonymousAction;
import org.squirrelframework.foundation.fsm.UntypedAnonymousCondition;
import org.squirrelframework.foundation.fsm.UntypedStateMachine;
import org.squirrelframework.foundation.fsm.UntypedStateMachineBuilder;
import org.squirrelframework.foundation.fsm.annotation.StateMachineParameters;
import org.squirrelframework.foundation.fsm.impl.AbstractUntypedStateMachine;

/**
 * The benchmark machines in squirrel-foundation, built with {@link StateMachineBuilderFactory}.
 * Events are fired with {@code fire(event[, context])}; the order's data is an {@link OrderContext}
 * passed to every fire, squirrel's way of giving conditions and actions a context.
 */
public final class SquirrelMachines {
  private SquirrelMachines() {}

  /** The machine class squirrel instantiates; no annotated methods, behaviour is declared below. */
  @StateMachineParameters(
      stateType = String.class,
      eventType = String.class,
      contextType = Object.class)
  public static class Fsm extends AbstractUntypedStateMachine {}

  /** (a) off ⇄ on on TOGGLE. */
  public static UntypedStateMachine toggle() {
    UntypedStateMachineBuilder b = StateMachineBuilderFactory.create(Fsm.class);
    b.externalTransition().from("off").to("on").on("TOGGLE");
    b.externalTransition().from("on").to("off").on("TOGGLE");
    return started(b, "off");
  }

  /** (b) the order cycle; fire each event with the instance's {@link OrderContext}. */
  public static UntypedStateMachine order() {
    UntypedStateMachineBuilder b = StateMachineBuilderFactory.create(Fsm.class);
    b.externalTransition().from(Orders.IDLE).to(Orders.AWAITING_PAYMENT).on(Orders.SUBMIT);
    b.externalTransition()
        .from(Orders.AWAITING_PAYMENT)
        .to(Orders.PAID_STATE)
        .on(Orders.PAY)
        .when(
            new UntypedAnonymousCondition() {
              @Override
              public boolean isSatisfied(Object context) {
                return ((OrderContext) context).amount > 0;
              }
            })
        .perform(
            new UntypedAnonymousAction() {
              @Override
              public void execute(
                  Object from, Object to, Object event, Object context, UntypedStateMachine fsm) {
                OrderContext order = (OrderContext) context;
                order.paid = true;
                order.count++;
              }
            });
    b.externalTransition().from(Orders.PAID_STATE).to(Orders.SHIPPED).on(Orders.SHIP);
    b.externalTransition()
        .from(Orders.SHIPPED)
        .to(Orders.IDLE)
        .on(Orders.RESET)
        .perform(
            new UntypedAnonymousAction() {
              @Override
              public void execute(
                  Object from, Object to, Object event, Object context, UntypedStateMachine fsm) {
                ((OrderContext) context).paid = false;
              }
            });
    return started(b, Orders.IDLE);
  }

  /** (c) parallel state p with regions r1, r2, r3, each flipping a ⇄ b on X. */
  public static UntypedStateMachine parallel() {
    UntypedStateMachineBuilder b = StateMachineBuilderFactory.create(Fsm.class);
    b.defineParallelStatesOn("p", "r1", "r2", "r3");
    for (String region : new String[] {"r1", "r2", "r3"}) {
      b.defineSequentialStatesOn(region, region + ".a", region + ".b");
      b.externalTransition().from(region + ".a").to(region + ".b").on("X");
      b.externalTransition().from(region + ".b").to(region + ".a").on("X");
    }
    return started(b, "p");
  }

  private static UntypedStateMachine started(UntypedStateMachineBuilder builder, String initial) {
    UntypedStateMachine machine = builder.newStateMachine(initial);
    machine.start();
    return machine;
  }

  /** The order's data for squirrel: a mutable object the caller passes to each fire. */
  public static final class OrderContext {
    public int amount = Orders.INITIAL_AMOUNT;
    public boolean paid;
    public long count;
  }
}
