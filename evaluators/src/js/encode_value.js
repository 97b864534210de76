// Encodes a JavaScript value as JSON without losing what JSON cannot hold (read by
// JsValue::decode in js_value.rs): numbers as {"n": String(x)} (-0 as "-0"), undefined as
// {"u": 1}, arrays as {"a": [...]}, objects as {"o": [[key, value], ...]} in key order.
// Values with no data form (functions, symbols) and cyclic references become undefined;
// dates become their ISO text.
(function encode(value) {
  const seen = new Set();
  const limit = 100000;
  let count = 0;
  function walk(item) {
    count += 1;
    if (count > limit) return { u: 1 };
    if (item === null) return null;
    switch (typeof item) {
      case 'string':
      case 'boolean':
        return item;
      case 'number':
        return { n: Object.is(item, -0) ? '-0' : String(item) };
      case 'bigint':
        return { n: String(Number(item)) };
      case 'object': {
        if (seen.has(item)) return { u: 1 };
        seen.add(item);
        let encoded;
        if (Array.isArray(item)) {
          encoded = { a: Array.from(item, walk) };
        } else if (item instanceof Date) {
          encoded = String(item.toISOString());
        } else {
          encoded = { o: Object.keys(item).map((key) => [key, walk(item[key])]) };
        }
        seen.delete(item);
        return encoded;
      }
      default:
        return { u: 1 };
    }
  }
  return walk(value);
})
