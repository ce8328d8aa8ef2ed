// Compiles one `href(routeId, params, options)` call into what it returns, as code: the route's pattern filled
// at build time, so the browser gets string concatenation and `hrefOfPath` instead of a pattern filler. The
// output must equal shared/routing/href.ts's routeHref for every input (tests/property/href-compile.test.ts).

/** The names the compiled code calls; build/href-calls.mjs imports them from shared/routing/href.ts. */
export const COMPILED_HREF_NAMES = { hrefOfPath: '__hrefOfPath', searchOf: '__searchOf', hashOf: '__hashOf' };

const OPTION_KEYS = new Set(['search', 'hash', 'locale']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A pattern as parts, read exactly as fillPattern reads it (same expression, same recursion): text, a param
 * (`wildcard` for `*name`), or a group `{…}` left out when a param inside it is missing.
 */
export function patternParts(pattern) {
  const parts = [];
  let last = 0;
  for (const found of pattern.matchAll(/\\(.)|\{([^}]*)\}|([:*])(?:"([^"]*)"|([$\w]+))/g)) {
    if (found.index > last) parts.push({ text: pattern.slice(last, found.index) });
    const [whole, escaped, group, sigil, quoted, plain] = found;
    if (escaped !== undefined) parts.push({ text: escaped });
    else if (group !== undefined) parts.push({ group: patternParts(group) });
    else parts.push({ param: quoted ?? plain, wildcard: sigil === '*' });
    last = found.index + whole.length;
  }
  if (last < pattern.length) parts.push({ text: pattern.slice(last) });
  return parts;
}

/**
 * The compiled call for `call` (an oxc CallExpression) whose text is in `source`, or undefined when it cannot
 * be compiled (a route id that is not a literal, spread arguments, params or options that are not plain
 * object literals or expressions, a required param left out): such calls stay calls of the app's href().
 */
export function compileHrefCall(call, source, patternOf) {
  const [idNode, paramsNode, optionsNode, ...extra] = call.arguments;
  const routeId = literalString(idNode);
  const pattern = routeId === undefined ? undefined : patternOf(routeId);
  if (
    pattern === undefined ||
    extra.length > 0 ||
    call.arguments.some((arg) => arg.type === 'SpreadElement')
  ) {
    return undefined;
  }
  const entries = [];
  const params = paramValues(paramsNode, entries);
  const options = optionValues(optionsNode, entries);
  if (!params || !options) return undefined;
  const path = compileParts(patternParts(pattern), params, false);
  if (path === undefined) return undefined;
  const pieces = [path];
  if (options.search) pieces.push(`${COMPILED_HREF_NAMES.searchOf}(${use(options.search)})`);
  if (options.hash) pieces.push(`${COMPILED_HREF_NAMES.hashOf}(${use(options.hash)})`);
  const locale = options.locale ? `, ${use(options.locale)}` : '';
  return bindValues(entries, source, `${COMPILED_HREF_NAMES.hrefOfPath}(${pieces.join(' + ')}${locale})`);
}

/** A string literal or a template literal without expressions, unwrapped of TypeScript casts. */
function literalString(node) {
  const inner = unwrap(node);
  if (inner?.type === 'Literal' && typeof inner.value === 'string') return inner.value;
  if (inner?.type === 'TemplateLiteral' && inner.expressions.length === 0)
    return inner.quasis[0].value.cooked;
  return undefined;
}

/** Each param's value as an entry, by name: an object literal's properties, or members of one expression. */
function paramValues(node, entries) {
  if (!node) return () => undefined;
  const inner = unwrap(node);
  if (inner.type !== 'ObjectExpression') {
    const whole = entry(node, entries);
    return (name) => ({ ...whole, member: IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]` });
  }
  const byName = propertiesOf(inner, entries);
  return byName && ((name) => byName.get(name));
}

/** The options' values by key (search, hash, locale), or undefined for options the compiler does not read. */
function optionValues(node, entries) {
  if (!node) return {};
  const inner = unwrap(node);
  if (inner.type !== 'ObjectExpression') return undefined;
  const byName = propertiesOf(inner, entries);
  if (!byName || [...byName.keys()].some((key) => !OPTION_KEYS.has(key))) return undefined;
  return Object.fromEntries(byName);
}

/** An object literal's plain properties (no spread, computed key, method or accessor) as entries, by key. */
function propertiesOf(object, entries) {
  const byName = new Map();
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.computed || property.method || property.kind !== 'init') {
      return undefined;
    }
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (typeof key !== 'string') return undefined;
    byName.set(key, entry(property.value, entries));
  }
  return byName;
}

/** A value written in the call, in the order the call evaluates it. */
function entry(node, entries) {
  const value = { node, pure: isPure(node), index: entries.length };
  entries.push(value);
  return value;
}

/** Code reading a param or option value: a placeholder, replaced by bindValues once the code is complete. */
function use(value) {
  return `\uE000${value.index}\uE000${value.member ?? ''}`;
}

/** The parts as a concatenation; undefined when a required param is left out of an object literal. */
function compileParts(parts, paramNamed, inGroup) {
  const pieces = [];
  const conditions = [];
  for (const part of parts) {
    if (part.text !== undefined) pieces.push(JSON.stringify(part.text));
    else if (part.group) {
      const group = compileParts(part.group, paramNamed, true);
      if (group !== undefined) pieces.push(group);
    } else {
      const value = paramNamed(part.param);
      // Left out: the group goes (as fillPattern drops it); outside a group the call is not compiled.
      if (!value) return undefined;
      const code = use(value);
      pieces.push(
        part.wildcard ? `${code}.map(encodeURIComponent).join("/")` : `encodeURIComponent(${code})`,
      );
      if (inGroup)
        conditions.push(part.wildcard ? `${use(value)}?.length && ${use(value)}.every(Boolean)` : use(value));
    }
  }
  const concatenation = pieces.length === 0 ? '""' : pieces.join(' + ');
  if (!inGroup || conditions.length === 0) return concatenation;
  return `(${conditions.map((condition) => `(${condition})`).join(' && ')} ? ${concatenation} : "")`;
}

/**
 * Replaces the placeholders: values without side effects are read in place (however often); a value with
 * them is read in place only when it is the call's one such value and is read once; otherwise the values
 * with side effects become the arguments of an arrow function, so each runs once, in the order written.
 */
function bindValues(entries, source, code) {
  const effectful = entries.filter((value) => !value.pure);
  const usesOf = (value) => code.split(`\uE000${value.index}\uE000`).length - 1;
  const inline = effectful.length === 0 || (effectful.length === 1 && usesOf(effectful[0]) === 1);
  const reference = (value) =>
    inline || value.pure
      ? `(${source.slice(value.node.start, value.node.end)})`
      : `__hrefValue${value.index}`;
  const body = code.replace(/\uE000(\d+)\uE000/g, (_placeholder, index) => reference(entries[Number(index)]));
  if (inline) return body;
  const names = effectful.map(reference);
  const values = effectful.map((value) => source.slice(value.node.start, value.node.end));
  return `((${names.join(', ')}) => ${body})(${values.join(', ')})`;
}

/** Whether evaluating `node` can have no effect: literals, names and member reads of those. */
function isPure(node) {
  const inner = unwrap(node);
  switch (inner.type) {
    case 'Identifier':
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return inner.expressions.every(isPure);
    case 'MemberExpression':
      return isPure(inner.object) && (!inner.computed || isPure(inner.property));
    case 'ChainExpression':
      return isPure(inner.expression);
    default:
      return false;
  }
}

/** The expression inside parentheses and TypeScript's casts (`as`, `satisfies`, `!`, `<T>x`). */
function unwrap(node) {
  let inner = node;
  while (
    inner &&
    [
      'ParenthesizedExpression',
      'TSAsExpression',
      'TSSatisfiesExpression',
      'TSNonNullExpression',
      'TSTypeAssertion',
    ].includes(inner.type)
  ) {
    inner = inner.expression;
  }
  return inner;
}
