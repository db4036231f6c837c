package dev.clockwork.spring.boot.keys;

import dev.clockwork.runtime.config.Suggestions;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The keys a {@code @ConfigurationProperties} record binds, read from the record itself (so they
 * cannot drift from it): its components in Spring's kebab case, nested records as blocks, maps as
 * any key with the value's keys beneath (anything beneath when the values are plain), lists as
 * indexes. A key is known when Spring would bind it, in any of its relaxed forms: {@code
 * max_attempts}, {@code max-attempts}, {@code maxAttempts}, and for an environment variable {@code
 * MAXATTEMPTS} or {@code MAX_ATTEMPTS}. A key that stops at a block ({@code clockwork.queue=}, what
 * an empty YAML block becomes) is known too: Spring's binding judges its value.
 */
public final class KnownKeys {
  private final String prefix;
  private final Node root;

  private KnownKeys(String prefix, Node root) {
    this.prefix = prefix;
    this.root = root;
  }

  /**
   * The keys of {@code properties} under its prefix, and {@code others}: full keys under the same
   * prefix read from the environment directly rather than bound (each takes a single value).
   */
  public static KnownKeys of(Class<? extends Record> properties, Collection<String> others) {
    ConfigurationProperties annotation = properties.getAnnotation(ConfigurationProperties.class);
    String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
    Node block = Node.ofRecord(properties);
    for (String other : others) {
      if (!other.startsWith(prefix + ".")) {
        throw new IllegalArgumentException(other + " is not under " + prefix);
      }
      Node at = block;
      String[] names = other.substring(prefix.length() + 1).split("\\.");
      for (int i = 0; i < names.length; i++) {
        Node next = i == names.length - 1 ? Node.SCALAR : Node.block(new TreeMap<>());
        at = at.children().computeIfAbsent(names[i], name -> next);
      }
    }
    Map<String, Node> top = new TreeMap<>();
    top.put(prefix, block);
    return new KnownKeys(prefix, Node.block(top));
  }

  /** The prefix every key here is under ({@code clockwork}). */
  public String prefix() {
    return prefix;
  }

  /** Whether a property name written as in {@code application.properties} is known. */
  public boolean accepts(String dottedName) {
    return new Match(WrittenKey.dotted(dottedName)).matches();
  }

  /** How {@code key} leaves the known keys, or empty when it is one of them. */
  Optional<Miss> miss(WrittenKey key) {
    Match match = new Match(key);
    return match.matches() ? Optional.empty() : Optional.of(match.miss());
  }

  /**
   * Where a key leaves the known keys.
   *
   * @param key the key as written
   * @param at the known part of it, as written ({@code clockwork.queue})
   * @param leaf whether that part takes a value, with no keys beneath it
   * @param known the keys that may follow it, in the key's form (empty for a leaf)
   * @param suggestion the known key nearest to it, in the key's form, when one is near enough
   */
  record Miss(
      WrittenKey key,
      String at,
      boolean leaf,
      Collection<String> known,
      Optional<String> suggestion) {}

  /** What may follow a known key. */
  record Node(Kind kind, Map<String, Node> children, Node beneath) {
    static final Node SCALAR = new Node(Kind.SCALAR, Map.of(), null);
    static final Node ANYTHING = new Node(Kind.ANYTHING, Map.of(), null);

    enum Kind {
      /** named keys */
      BLOCK,
      /** any one key, then {@code beneath}'s */
      MAP,
      /** an index, then {@code beneath}'s */
      LIST,
      /** a value, nothing beneath */
      SCALAR,
      /** anything beneath */
      ANYTHING
    }

    static Node block(Map<String, Node> children) {
      return new Node(Kind.BLOCK, children, null);
    }

    static Node ofRecord(Class<?> record) {
      Map<String, Node> children = new TreeMap<>();
      for (RecordComponent component : record.getRecordComponents()) {
        children.put(kebab(component.getName()), of(component.getGenericType()));
      }
      return block(children);
    }

    private static Node of(Type type) {
      Class<?> raw = raw(type);
      if (raw.isRecord()) {
        return ofRecord(raw);
      }
      if (Map.class.isAssignableFrom(raw)) {
        Node value = of(argument(type, 1));
        // a plain value map binds a dotted rest as one key: input.a.b is the key "a.b"
        return new Node(Kind.MAP, Map.of(), value.kind == Kind.BLOCK ? value : ANYTHING);
      }
      if (Collection.class.isAssignableFrom(raw)) {
        return new Node(Kind.LIST, Map.of(), of(argument(type, 0)));
      }
      if (raw.isArray()) {
        return new Node(Kind.LIST, Map.of(), of(raw.getComponentType()));
      }
      return SCALAR;
    }

    private static Class<?> raw(Type type) {
      if (type instanceof Class<?> c) {
        return c;
      }
      if (type instanceof ParameterizedType p) {
        return (Class<?>) p.getRawType();
      }
      return Object.class;
    }

    private static Type argument(Type type, int index) {
      return type instanceof ParameterizedType p ? p.getActualTypeArguments()[index] : Object.class;
    }

    private static String kebab(String camel) {
      StringBuilder kebab = new StringBuilder();
      for (char c : camel.toCharArray()) {
        if (Character.isUpperCase(c)) {
          kebab.append('-').append(Character.toLowerCase(c));
        } else {
          kebab.append(c);
        }
      }
      return kebab.toString().toLowerCase(Locale.ROOT);
    }
  }

  /** One key matched against the known keys, remembering the furthest it got. */
  private final class Match {
    private final WrittenKey key;
    private int furthest = -1;
    private Node stoppedAt;

    Match(WrittenKey key) {
      this.key = key;
    }

    boolean matches() {
      return matches(root, 0);
    }

    private boolean matches(Node node, int index) {
      if (index == key.elements().size()) {
        return true;
      }
      WrittenKey.Element element = key.elements().get(index);
      boolean matched =
          switch (node.kind()) {
            case ANYTHING -> true;
            case SCALAR -> false;
            case MAP -> matches(node.beneath(), index + 1);
            case LIST -> element.isIndex() && matches(node.beneath(), index + 1);
            case BLOCK -> block(node, index);
          };
      if (!matched && index > furthest) {
        furthest = index;
        stoppedAt = node;
      }
      return matched;
    }

    private boolean block(Node node, int index) {
      String uniform = key.elements().get(index).uniform();
      for (Map.Entry<String, Node> child : node.children().entrySet()) {
        String name = child.getKey();
        if (uniform.equals(WrittenKey.uniform(name)) && matches(child.getValue(), index + 1)) {
          return true;
        }
        // an environment variable may also split a kebab name at its dashes: MAX_ATTEMPTS
        if (key.environment() && name.contains("-") && dashed(name, index)) {
          if (matches(child.getValue(), index + name.split("-").length)) {
            return true;
          }
        }
      }
      return false;
    }

    private boolean dashed(String name, int index) {
      String[] parts = name.split("-");
      if (index + parts.length > key.elements().size()) {
        return false;
      }
      for (int i = 0; i < parts.length; i++) {
        if (!key.elements().get(index + i).uniform().equals(WrittenKey.uniform(parts[i]))) {
          return false;
        }
      }
      return true;
    }

    Miss miss() {
      String at = key.upTo(furthest);
      if (stoppedAt.kind() != Node.Kind.BLOCK) {
        return new Miss(key, at, true, List.of(), Optional.of(at));
      }
      Map<String, String> byUniform = new TreeMap<>();
      stoppedAt.children().keySet().forEach(n -> byUniform.put(WrittenKey.uniform(n), n));
      Collection<String> known = stoppedAt.children().keySet().stream().map(key::display).toList();
      return new Miss(key, at, false, known, suggestion(byUniform));
    }

    /** The stopping element replaced by the nearest name, the rest kept when it then fits. */
    private Optional<String> suggestion(Map<String, String> byUniform) {
      List<WrittenKey.Element> elements = key.elements();
      WrittenKey.Element wrong = elements.get(furthest);
      Optional<String> nearest = Suggestions.closest(wrong.uniform(), byUniform.keySet());
      int end = wrong.end();
      // an environment variable may have split the name meant at its dashes: DEAD_LETER
      StringBuilder joined = new StringBuilder(wrong.uniform());
      for (int next = furthest + 1;
          nearest.isEmpty() && key.environment() && next < elements.size();
          next++) {
        joined.append(elements.get(next).uniform());
        nearest = Suggestions.closest(joined.toString(), byUniform.keySet());
        end = elements.get(next).end();
      }
      if (nearest.isEmpty()) {
        return Optional.empty();
      }
      String name = key.display(byUniform.get(nearest.get()), wrong.text());
      String head = key.text().substring(0, wrong.start());
      if (key.text().charAt(wrong.start()) == '[') {
        name = "[" + name + "]";
      }
      String whole = head + name + key.text().substring(end);
      WrittenKey rewritten =
          key.environment() ? WrittenKey.environment(whole) : WrittenKey.dotted(whole);
      return Optional.of(new Match(rewritten).matches() ? whole : head + name);
    }
  }
}
