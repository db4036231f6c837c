package dev.clockwork.core.interpreter;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The effects of one step as an immutable list (as {@link List#of} is: every change throws {@link
 * UnsupportedOperationException}). A state entry made by the step is held as its {@link
 * ActiveState} and read as the {@link Effect.StateEntered} it stands for (the same path, entry id
 * and instant, {@link #effect}), so a step whose effects nobody reads allocates no effect objects
 * for its entries. Most steps report one or two effects: those lists hold them in fields, with no
 * other field (not {@code AbstractList}'s modification count).
 */
abstract class EffectList implements List<Effect>, RandomAccess {

  /** An effect, or a state entry of this step standing for its {@link Effect.StateEntered}. */
  static Effect effect(Object item) {
    if (item instanceof ActiveState entry) {
      return new Effect.StateEntered(entry.path(), entry.entryId(), entry.enteredAt());
    }
    return (Effect) item;
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  @Override
  public boolean contains(Object o) {
    return indexOf(o) >= 0;
  }

  @Override
  public boolean containsAll(Collection<?> c) {
    for (Object o : c) {
      if (!contains(o)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int indexOf(Object o) {
    for (int i = 0; i < size(); i++) {
      if (Objects.equals(o, get(i))) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int lastIndexOf(Object o) {
    for (int i = size() - 1; i >= 0; i--) {
      if (Objects.equals(o, get(i))) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public Iterator<Effect> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < size();
      }

      @Override
      public Effect next() {
        if (next >= size()) {
          throw new NoSuchElementException();
        }
        return get(next++);
      }
    };
  }

  /** The effects as an unmodifiable list of their own (what the rarely used views read). */
  private List<Effect> copy() {
    return Collections.unmodifiableList(Arrays.asList(toArray(new Effect[0])));
  }

  @Override
  public ListIterator<Effect> listIterator() {
    return copy().listIterator();
  }

  @Override
  public ListIterator<Effect> listIterator(int index) {
    return copy().listIterator(index);
  }

  @Override
  public List<Effect> subList(int fromIndex, int toIndex) {
    return copy().subList(fromIndex, toIndex);
  }

  @Override
  public Object[] toArray() {
    Object[] out = new Object[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = get(i);
    }
    return out;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T[] toArray(T[] a) {
    int size = size();
    T[] out = a.length >= size ? a : Arrays.copyOf(a, size);
    for (int i = 0; i < size; i++) {
      out[i] = (T) get(i);
    }
    if (out.length > size) {
      out[size] = null;
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof List<?> other) || other.size() != size()) {
      return false;
    }
    Iterator<?> theirs = other.iterator();
    for (int i = 0; i < size(); i++) {
      if (!Objects.equals(get(i), theirs.next())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int hash = 1;
    for (int i = 0; i < size(); i++) {
      hash = 31 * hash + get(i).hashCode();
    }
    return hash;
  }

  @Override
  public String toString() {
    return copy().toString();
  }

  // ---- immutable ----

  @Override
  public boolean add(Effect e) {
    throw immutable();
  }

  @Override
  public void add(int index, Effect element) {
    throw immutable();
  }

  @Override
  public boolean addAll(Collection<? extends Effect> c) {
    throw immutable();
  }

  @Override
  public boolean addAll(int index, Collection<? extends Effect> c) {
    throw immutable();
  }

  @Override
  public Effect set(int index, Effect element) {
    throw immutable();
  }

  @Override
  public boolean remove(Object o) {
    throw immutable();
  }

  @Override
  public Effect remove(int index) {
    throw immutable();
  }

  @Override
  public boolean removeAll(Collection<?> c) {
    throw immutable();
  }

  @Override
  public boolean retainAll(Collection<?> c) {
    throw immutable();
  }

  @Override
  public void clear() {
    throw immutable();
  }

  private static UnsupportedOperationException immutable() {
    return new UnsupportedOperationException("a step's effects cannot be changed");
  }

  static final class One extends EffectList {
    private final Object item;

    One(Object item) {
      this.item = item;
    }

    @Override
    public Effect get(int index) {
      if (index != 0) {
        throw new IndexOutOfBoundsException("index " + index + " of 1 effect");
      }
      return effect(item);
    }

    @Override
    public int size() {
      return 1;
    }
  }

  static final class Two extends EffectList {
    private final Object first;
    private final Object second;

    Two(Object first, Object second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public Effect get(int index) {
      if (index == 0) {
        return effect(first);
      }
      if (index != 1) {
        throw new IndexOutOfBoundsException("index " + index + " of 2 effects");
      }
      return effect(second);
    }

    @Override
    public int size() {
      return 2;
    }
  }

  /** Three effects or more, in an array no one changes any more. */
  static final class Many extends EffectList {
    private final Object[] items;

    Many(Object[] items) {
      this.items = items;
    }

    @Override
    public Effect get(int index) {
      return effect(items[index]);
    }

    @Override
    public int size() {
      return items.length;
    }
  }
}
