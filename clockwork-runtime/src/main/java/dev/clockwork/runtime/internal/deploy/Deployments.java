package dev.clockwork.runtime.internal.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.definition.MachineFormat;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deploys machine versions to the store and takes the versions deployed elsewhere: each version
 * registered in code is stored as its document when the engine starts; a version stored by another
 * node, the CLI or the HTTP API is registered here when this node has every behaviour it names, and
 * kept as a {@link VersionProblem} (shown, not claimed) when it does not.
 */
public final class Deployments {
  private static final Logger LOG = LoggerFactory.getLogger(Deployments.class);

  private final DefinitionStore stored;
  private final MachineRegistry registry;
  private final Behaviors given;
  private final Clock clock;
  private final Set<String> taken = new HashSet<>();
  private final Map<String, VersionProblem> problems = new HashMap<>();
  private final Map<String, MachineDefinition> shown = new HashMap<>();

  /** One look at a time: the engine's 5 s task and a caller's refresh read a document once. */
  private final ReentrantLock refreshing = new ReentrantLock();

  public Deployments(
      DefinitionStore stored, MachineRegistry registry, Behaviors behaviors, Clock clock) {
    this.stored = stored;
    this.registry = registry;
    this.given = behaviors;
    this.clock = clock;
  }

  /**
   * Stores {@code definition}'s document as its version and registers it here.
   *
   * @throws DefinitionConflictException when the version is deployed with another structure
   */
  public synchronized StoredDefinition deploy(MachineDefinition definition) {
    StoredDefinition kept = stored.deploy(documentOf(definition));
    registry.register(definition);
    String key = key(definition.id(), definition.version());
    taken.add(key);
    problems.remove(key);
    return kept;
  }

  /**
   * Stores a machine written as data (YAML or JSON) as its version, and registers it here when this
   * node has every behaviour it names; a node without them keeps it to show and says so in health.
   *
   * @throws DefinitionFormatException naming {@code source}'s mistake
   * @throws DefinitionConflictException when the version is deployed with another document
   */
  public synchronized StoredDefinition deploy(String source, String text) {
    MachineDefinition read = MachineFormat.yaml().read(source, text, standIns());
    StoredDefinition kept =
        stored.deploy(
            StoredDefinition.of(read.id(), read.version(), asJson(source, text), clock.instant()));
    take(kept);
    return kept;
  }

  /**
   * Stores the document of every version registered in code that the store lacks: one read lists
   * what is stored, so a node restarting with the same code writes nothing. A version stored with
   * another document stays as stored: this node runs its code and says so, in the log and in
   * health.
   */
  public void deployRegistered() {
    Map<String, String> digests = new HashMap<>();
    for (DeployedVersion listed : stored.index()) {
      digests.put(key(listed.machine(), listed.version()), listed.digest());
    }
    for (MachineDefinition definition : registry.all()) {
      String key = key(definition.id(), definition.version());
      StoredDefinition document = documentOf(definition);
      String digest = digests.get(key);
      markTaken(key);
      try {
        if (digest == null) {
          stored.deploy(document); // refused when another node deployed other code meanwhile
        } else if (!digest.equals(document.digest())) {
          throw new DefinitionConflictException(definition.id(), definition.version());
        }
      } catch (DefinitionConflictException e) {
        String problem =
            "the code of version "
                + definition.version()
                + " differs from the deployed document; this node runs its code. Give the changed"
                + " machine a new version(…) so that every node runs the same one";
        LOG.warn("machine {}: {}", definition.id(), problem);
        problem(key, new VersionProblem(definition.id(), definition.version(), problem));
      }
    }
  }

  /**
   * Takes the versions deployed since the last look: registers those this node can run. The look is
   * one read of the stored versions without their documents; a document is read only for a version
   * new to this node, and no store read holds this object's lock. Looks run one at a time (a look
   * that starts while another reads waits for it, then finds nothing new), so a version's document
   * is read once however many threads refresh.
   */
  public void refresh() {
    refreshing.lock();
    try {
      for (DeployedVersion listed : stored.index()) {
        if (isNew(listed)) {
          stored.find(listed.machine(), listed.version()).ifPresent(this::takeOnce);
        }
      }
    } finally {
      refreshing.unlock();
    }
  }

  private synchronized boolean isNew(DeployedVersion listed) {
    String key = key(listed.machine(), listed.version());
    if (registry.version(listed.machine(), listed.version()) != null) {
      taken.add(key); // registered here in code: its code is what runs
      return false;
    }
    return !taken.contains(key);
  }

  private synchronized void takeOnce(StoredDefinition version) {
    if (!taken.contains(key(version.machine(), version.version()))) {
      take(version);
    }
  }

  private synchronized void markTaken(String key) {
    taken.add(key);
  }

  private synchronized void problem(String key, VersionProblem problem) {
    problems.put(key, problem);
  }

  /** The versions this node does not run as deployed, by machine and version. */
  public synchronized List<VersionProblem> problems() {
    List<VersionProblem> all = new ArrayList<>(problems.values());
    all.sort(Comparator.comparing(VersionProblem::machine).thenComparing(VersionProblem::version));
    return all;
  }

  /**
   * Version {@code version} of {@code machine} as this node shows it: the registered definition, or
   * the stored document read with stand-ins for the behaviours this node lacks.
   *
   * @throws UnknownMachineException when the version is neither registered nor deployed
   */
  public synchronized MachineDefinition shown(String machine, int version) {
    MachineDefinition registered = registry.version(machine, version);
    if (registered != null) {
      return registered;
    }
    String key = key(machine, version);
    MachineDefinition cached = shown.get(key);
    if (cached != null) {
      return cached;
    }
    StoredDefinition found =
        stored
            .find(machine, version)
            .orElseThrow(
                () -> new UnknownMachineException(machine + " v" + version, registry.ids()));
    MachineDefinition read =
        MachineFormat.json().read(machine + " v" + version, found.document(), standIns());
    shown.put(key, read);
    return read;
  }

  private void take(StoredDefinition version) {
    String key = key(version.machine(), version.version());
    taken.add(key);
    MissingBehaviours missing = new MissingBehaviours();
    NodeBehaviours node = NodeBehaviours.of(given, registry.all());
    MachineDefinition read;
    try {
      read =
          MachineFormat.json()
              .read(
                  version.machine() + " v" + version.version(),
                  version.document(),
                  node.offered().withStandIns(missing));
    } catch (DefinitionFormatException e) {
      problems.put(
          key,
          new VersionProblem(
              version.machine(),
              version.version(),
              "the deployed document cannot be read here: " + e.getMessage()));
      return;
    }
    if (missing.names().isEmpty()) {
      registry.register(read);
      problems.remove(key);
      return;
    }
    shown.put(key, read);
    problems.put(
        key, new VersionProblem(version.machine(), version.version(), lacking(missing, node)));
  }

  private static String lacking(MissingBehaviours missing, NodeBehaviours node) {
    Set<String> ambiguous = new TreeSet<>(missing.names());
    ambiguous.retainAll(node.ambiguous());
    String fix;
    if (!ambiguous.isEmpty()) {
      fix =
          "machines registered here give "
              + String.join(", ", ambiguous)
              + " different behaviours; name the one meant in Engine.builder().behaviors(…)";
    } else if (missing.names().stream().allMatch(n -> n.startsWith("code:"))) {
      fix = "register the machine in Java on this node (it was deployed from code)";
    } else {
      fix = "register them with Engine.builder().behaviors(…) or in a machine's own behaviors";
    }
    return "this node lacks "
        + String.join(", ", missing.names())
        + ", so it shows this version and does not run it; "
        + fix;
  }

  private Behaviors standIns() {
    return NodeBehaviours.of(given, registry.all()).offered().withStandIns(new MissingBehaviours());
  }

  private StoredDefinition documentOf(MachineDefinition definition) {
    return StoredDefinition.of(
        definition.id(),
        definition.version(),
        MachineFormat.json().writeDeployed(definition),
        clock.instant());
  }

  /** {@code text} (YAML or JSON) as compact JSON, every key kept as written. */
  private static String asJson(String source, String text) {
    try {
      JsonNode tree = new YAMLMapper().readTree(text);
      return new ObjectMapper().writeValueAsString(tree);
    } catch (IOException e) {
      throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
    }
  }

  private static String key(String machine, int version) {
    return machine + "@" + version;
  }
}
