package dev.clockwork.bench.machines;

import java.util.List;

/** The names the three order machines share, so they cannot drift apart. */
public final class Orders {
  public static final String IDLE = "idle";
  public static final String AWAITING_PAYMENT = "awaiting_payment";
  public static final String PAID_STATE = "paid";
  public static final String SHIPPED = "shipped";

  public static final String SUBMIT = "SUBMIT";
  public static final String PAY = "PAY";
  public static final String SHIP = "SHIP";
  public static final String RESET = "RESET";

  /** One full cycle, back to {@link #IDLE}. */
  public static final List<String> CYCLE = List.of(SUBMIT, PAY, SHIP, RESET);

  public static final String AMOUNT = "amount";
  public static final String PAID = "paid";
  public static final String COUNT = "count";
  public static final int INITIAL_AMOUNT = 42;

  private Orders() {}
}
