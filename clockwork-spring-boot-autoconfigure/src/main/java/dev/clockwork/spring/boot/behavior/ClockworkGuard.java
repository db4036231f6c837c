package dev.clockwork.spring.boot.behavior;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a {@code Guard} bean as machine definitions refer to it:
 * {@code @ClockworkAction("processBillingAction")} on its class or its {@code @Bean} method.
 * Without it, a guard bean is known by its bean name.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ClockworkGuard {
  /** The name definitions use. */
  String value();
}
