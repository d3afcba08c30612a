/**
 * The zod system schemas (src/schemas) and the Foundry data models (src/data) must describe the same
 * fields, or pack sources valid here would be refused in Foundry. The models are loaded against a
 * tiny stand-in for `foundry.data.fields` that records each field's kind and options.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SYSTEM_SCHEMAS } from "../../src/schemas/index";

interface Recorded {
  kind: string;
  options: { choices?: readonly string[]; nullable?: boolean };
  fields?: Record<string, Recorded>;
  element?: Recorded;
}

function fieldClass(kind: string) {
  return class {
    readonly kind = kind;
    readonly fields?: Record<string, Recorded>;
    readonly element?: Recorded;
    readonly options: Recorded["options"];
    constructor(first: unknown, second?: unknown) {
      if (kind === "object") {
        this.fields = first as Record<string, Recorded>;
        this.options = second ?? {};
      } else if (kind === "array") {
        this.element = first as Recorded;
        this.options = second ?? {};
      } else {
        this.options = first ?? {};
      }
    }
  };
}

interface ModelClass {
  defineSchema(): Record<string, Recorded>;
}
let models: Record<string, Record<string, ModelClass>>;

beforeAll(async () => {
  (globalThis as Record<string, unknown>).foundry = {
    // What the models' overrides call on their base.
    abstract: {
      TypeDataModel: class {
        static migrateData(source: unknown): unknown {
          return source;
        }
        prepareDerivedData(): void {
          // Nothing in Foundry's base.
        }
      },
    },
    data: {
      fields: {
        StringField: fieldClass("string"),
        HTMLField: fieldClass("string"),
        NumberField: fieldClass("number"),
        BooleanField: fieldClass("boolean"),
        SchemaField: fieldClass("object"),
        ArrayField: fieldClass("array"),
        DocumentUUIDField: fieldClass("string"),
      },
    },
  };
  models = {
    Actor: {
      unit: (await import("../../src/data/unit")).UnitData as unknown as ModelClass,
      hq: (await import("../../src/data/hq")).HqData as unknown as ModelClass,
      airSquadron: (await import("../../src/data/air-squadron")).AirSquadronData as unknown as ModelClass,
      airbase: (await import("../../src/data/airbase")).AirbaseData as unknown as ModelClass,
      nqmUnit: (await import("../../src/data/nqm-unit")).NqmUnitData as unknown as ModelClass,
    },
    Item: { supportCard: (await import("../../src/data/support-card")).SupportCardData as unknown as ModelClass },
  };
});

/** The zod schema's kind, choices and nested fields, unwrapped from nullable. */
function describeZod(schema: z.ZodType): Recorded {
  if (schema instanceof z.ZodNullable) return { ...describeZod(schema.unwrap() as z.ZodType), options: { nullable: true } };
  if (schema instanceof z.ZodObject) {
    return {
      kind: "object",
      options: {},
      fields: Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, describeZod(v as z.ZodType)])),
    };
  }
  if (schema instanceof z.ZodArray) return { kind: "array", options: {}, element: describeZod(schema.element as z.ZodType) };
  if (schema instanceof z.ZodEnum) return { kind: "string", options: { choices: schema.options as string[] } };
  if (schema instanceof z.ZodString) return { kind: "string", options: {} };
  if (schema instanceof z.ZodNumber) return { kind: "number", options: {} };
  if (schema instanceof z.ZodBoolean) return { kind: "boolean", options: {} };
  throw new Error(`no description for ${schema.constructor.name}`);
}

/** Differences between a model field and its zod counterpart, by path. */
function compare(model: Recorded, zod: Recorded, at: string): string[] {
  if (model.kind !== zod.kind) return [`${at}: model ${model.kind}, schema ${zod.kind}`];
  const out: string[] = [];
  const choices = model.options.choices;
  if (choices && JSON.stringify([...choices]) !== JSON.stringify(zod.options.choices)) out.push(`${at}: choices differ`);
  if (!choices && zod.options.choices) out.push(`${at}: the schema restricts choices the model does not`);
  if (Boolean(model.options.nullable) !== Boolean(zod.options.nullable)) out.push(`${at}: nullable differs`);
  if (model.element && zod.element) out.push(...compare(model.element, zod.element, `${at}[]`));
  if (model.fields && zod.fields) {
    const keys = new Set([...Object.keys(model.fields), ...Object.keys(zod.fields)]);
    for (const k of keys) {
      const m = model.fields[k];
      const s = zod.fields[k];
      if (!m || !s) out.push(`${at}.${k}: only in the ${m ? "model" : "schema"}`);
      else out.push(...compare(m, s, `${at}.${k}`));
    }
  }
  return out;
}

const subtypes = Object.entries(SYSTEM_SCHEMAS).flatMap(([type, byType]) =>
  Object.entries<z.ZodType>(byType).map(([sub, schema]) => [type, sub, schema] as const),
);

describe.each(subtypes)("%s %s", (type, subtype, schema) => {
  it("the schema and the data model have the same fields, kinds and choices", () => {
    const model = models[type]![subtype]!;
    const recorded: Recorded = { kind: "object", options: {}, fields: model.defineSchema() };
    const differences = compare(recorded, describeZod(schema), "system");
    expect(differences, differences.join("\n")).toHaveLength(0);
  });
});
