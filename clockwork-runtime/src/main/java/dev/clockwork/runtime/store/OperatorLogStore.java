package dev.clockwork.runtime.store;

import dev.clockwork.runtime.audit.OperatorAction;
import java.util.List;

/** The store's role that keeps the operator audit (SPI: a role of {@link Store}). */
public interface OperatorLogStore {

  /** Writes an operator action; returns it with the id the store gave it (ids only grow). */
  OperatorAction append(OperatorAction action);

  /**
   * Up to {@code limit} operator actions with an id below {@code beforeId}, newest first: those of
   * {@code namespace} ({@link OperatorAction#namespace}), or every one when it is null.
   */
  List<OperatorAction> list(String namespace, long beforeId, int limit);
}
