package dev.clockwork.spring.boot.behavior;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.TimerValue;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
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
 * start, naming both. Each is registered as a stand-in that fetches its bean when it first runs, so
 * a behaviour that itself depends on the engine (directly, or through a service that sends events)
 * is found by its name too — looked up eagerly, it would still be in creation while the engine is
 * built, and Spring would leave it out.
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
    for (String beanName : beans.getBeanNamesForType(type, true, false)) {
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
      register.accept(name, lazy(beans, beanName, type));
    }
  }

  /** A {@code type} that runs the bean {@code beanName}, fetched when first called. */
  private static <T> T lazy(ListableBeanFactory beans, String beanName, Class<T> type) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          Object target = beans.getBean(beanName, type);
          try {
            return method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }
}
