// Reading answers whose field names vary between versions of the API.

/** The first of the named fields that is present. */
export function pick(object, ...names) {
  for (const name of names) {
    if (object && object[name] !== undefined && object[name] !== null) return object[name];
  }
  return undefined;
}
