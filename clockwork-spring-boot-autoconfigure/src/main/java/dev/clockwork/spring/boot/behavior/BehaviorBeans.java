package dev.clockwork.spring.boot.behavior;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.TimerValue;
import java.lang.annotation.Annotation;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Collects the application's {@link Action}, {@link Guard} and {@link TimerValue} beans into one
 * {@link Behaviors}: each under the name its {@link ClockworkAction} / {@link ClockworkGuard} /
 * {@link ClockworkTimerValue} gives, else its bean name. Two beans claiming one name fail the
 * start, naming both.
 */
public final class BehaviorBeans {
  private BehaviorBeans() {}

  /** Every behaviour bean of {@code beans}, named. */
  public static Behaviors collect(ListableBeanFactory beans) {
    Behaviors.Builder behaviors = Behaviors.builder();
    add(beans, Action.class, ClockworkAction.class, ClockworkAction::value, behaviors::action);
    add(beans, Guard.class, ClockworkGuard.class, ClockworkGuard::value, behaviors::guard);
    add(
        beans,
        TimerValue.class,
        ClockworkTimerValue.class,
        ClockworkTimerValue::value,
        behaviors::timerValue);
    return behaviors.build();
  }

  private static <T, A extends Annotation> void add(
      ListableBeanFactory beans,
      Class<T> type,
      Class<A> annotation,
      Function<A, String> nameOf,
      BiConsumer<String, T> register) {
    Map<String, String> claimedBy = new TreeMap<>();
    beans
        .getBeansOfType(type)
        .forEach(
            (beanName, behaviour) -> {
              A named = beans.findAnnotationOnBean(beanName, annotation);
              String name = named != null ? nameOf.apply(named) : beanName;
              String other = claimedBy.putIfAbsent(name, beanName);
              if (other != null) {
                throw new IllegalStateException(
                    "the beans '"
                        + other
                        + "' and '"
                        + beanName
                        + "' are both the "
                        + type.getSimpleName().toLowerCase(Locale.ROOT)
                        + " '"
                        + name
                        + "'; give one another name with @"
                        + annotation.getSimpleName());
              }
              register.accept(name, behaviour);
            });
  }
}
