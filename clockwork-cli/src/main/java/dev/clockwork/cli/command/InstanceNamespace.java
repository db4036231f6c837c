package dev.clockwork.cli.command;

import dev.clockwork.runtime.instance.NamespacedIds;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --namespace}: the namespace of the instances an {@code instance}, {@code dead-letters} or
 * {@code timers} command reads ({@value NamespacedIds#DEFAULT} when not given). Ids are unique per
 * namespace, so {@code order-42} of {@code tenant-a} is found only with {@code --namespace
 * tenant-a}; {@code --namespace '*'} lists every namespace's (ids shown with their namespace).
 */
public final class InstanceNamespace {
  /** What {@code --namespace} takes to list every namespace. */
  static final String EVERY = "*";

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      converter = NameConverter.class,
      description = "the instances' namespace (default: default; '*' lists every namespace's)")
  String namespace;

  /** The chosen namespace, checked: {@code default} when none was given. */
  String name() {
    if (namespace == null) {
      return NamespacedIds.DEFAULT;
    }
    if (EVERY.equals(namespace)) {
      throw new ParameterException(
          command.commandLine(), "--namespace '*' lists; to show one instance name its namespace");
    }
    return namespace;
  }

  /** The namespace a store query filters by: null (every one) for {@code '*'}. */
  String filter() {
    return EVERY.equals(namespace) ? null : name();
  }

  /** The stored id of {@code id} in the chosen namespace. */
  String stored(String id) {
    return NamespacedIds.stored(name(), id);
  }

  /** The error for an instance {@code id} that is not found in the chosen namespace. */
  String missing(String id) {
    return "no instance with id '"
        + id
        + "'"
        + (namespace == null ? "" : " in namespace '" + name() + "'");
  }

  /** How a stored id is shown: its id, with {@code namespace/} before it when listing every one. */
  String shown(String storedId) {
    if (!EVERY.equals(namespace)) {
      return NamespacedIds.idOf(storedId);
    }
    String of = NamespacedIds.namespaceOf(storedId);
    return NamespacedIds.DEFAULT.equals(of) ? storedId : of + "/" + NamespacedIds.idOf(storedId);
  }

  /** A namespace name, or {@code *}, checked while parsing. */
  public static final class NameConverter implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
      if (EVERY.equals(value)) {
        return value;
      }
      try {
        return NamespacedIds.checkedName(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
