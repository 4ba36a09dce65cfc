// Walks a value beside the zod/mini schema that accepts it, for the fuzz properties: where the
// objects are (to add unknown fields) and where the typed leaves are (to give them a wrong type).
// It reads zod's definitions (`_zod.def`): object shapes, arrays, records, optional, nullable, unions.
import * as z from 'zod/mini'

interface Def {
  type: string
  shape?: Record<string, z.ZodMiniType>
  element?: z.ZodMiniType
  innerType?: z.ZodMiniType
  valueType?: z.ZodMiniType
  options?: readonly z.ZodMiniType[]
  in?: z.ZodMiniType
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema under optional/nullable wrappers, and for a union the option that accepts `value`. */
function resolve(schema: z.ZodMiniType, value: unknown): z.ZodMiniType | undefined {
  const def = defOf(schema)
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default')
    return resolve(def.innerType!, value)
  if (def.type === 'pipe') return resolve(def.in!, value)
  if (def.type === 'union') {
    const option = def.options!.find(candidate => z.safeParse(candidate, value).success)
    return option && resolve(option, value)
  }
  return schema
}

function isUnion(schema: z.ZodMiniType): boolean {
  const def = defOf(schema)
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return isUnion(def.innerType!)
  return def.type === 'union'
}

export type Path = readonly (string | number)[]

/** A typed leaf of a value: where it is and what kind of JSON value the schema wants there. */
export interface Leaf {
  readonly path: Path
  readonly kind: 'string' | 'number' | 'boolean'
}

const LEAF_TYPES: Record<string, Leaf['kind'] | undefined> = {
  string: 'string',
  number: 'number',
  int: 'number',
  boolean: 'boolean'
}

/**
 * The paths of every object node (its own fields known) and every typed leaf of `value`, which
 * `schema` accepts. Records are walked for their values (their keys are data, not fields); unknown
 * values, literals and enums are left out (a wrong value there is not a wrong type).
 */
export function walk(
  schema: z.ZodMiniType,
  value: unknown,
  path: Path = [],
  out: { objects: Path[]; leaves: Leaf[] } = { objects: [], leaves: [] }
): { objects: Path[]; leaves: Leaf[] } {
  if (value === null || value === undefined) return out
  const resolved = resolve(schema, value)
  if (!resolved) return out
  const def = defOf(resolved)
  if (def.type === 'object' && typeof value === 'object') {
    out.objects.push(path)
    for (const [key, field] of Object.entries(def.shape!))
      walk(field, (value as Record<string, unknown>)[key], [...path, key], out)
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, index) => walk(def.element!, item, [...path, index], out))
  } else if (def.type === 'record' && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as object)) walk(def.valueType!, item, [...path, key], out)
  } else {
    const kind = LEAF_TYPES[def.type]
    // A leaf of a union of kinds (a JSON-RPC id: number or string) takes either: no wrong type to give it.
    const union = isUnion(schema)
    if (kind && !union && typeof value === kind) out.leaves.push({ path, kind })
  }
  return out
}

/** A deep copy of `value` with `change` applied to the node at `path`. */
export function updateAt(value: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  if (path.length === 0) return change(value)
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[head as string] = updateAt(copy[head as string], rest, change)
  return copy
}

/**
 * `value` (which `schema` accepts) with unknown fields added to its objects: each extra is
 * [which object (any number, taken modulo their count), field name, value]; a name the object
 * already has is left out ('__proto__' and the like become own fields, as JSON.parse makes them).
 */
export function withExtraFields(
  schema: z.ZodMiniType,
  value: unknown,
  extras: readonly (readonly [number, string, unknown])[]
): unknown {
  const { objects } = walk(schema, value)
  let out = value
  for (const [which, key, extra] of extras) {
    const path = objects[which % objects.length]
    if (!path) continue
    out = updateAt(out, path, node => {
      if (Object.prototype.hasOwnProperty.call(node, key)) return node
      // An own property even for '__proto__' or 'constructor', as JSON.parse makes one from a body.
      return Object.defineProperty({ ...(node as object) }, key, {
        value: extra,
        enumerable: true,
        writable: true,
        configurable: true
      })
    })
  }
  return out
}
