import { describe, expect, it } from "vitest";
import {
  jsonObjectSchemaSchema,
  orderedPropertyNames,
  resolveProperty,
  toolInputSchema,
  toolSchemaDocumentSchema,
  type JsonSchemaProperty,
} from "./jsonSchema";

describe("parsing (spec canvas 3 inputSchema and tool schema)", () => {
  it("keeps the fields the spec names and lets vendor keys through", () => {
    const parsed = jsonObjectSchemaSchema.parse({
      type: "object",
      properties: {
        seed: {
          type: ["integer", "null"],
          minimum: 0,
          maximum: 10,
          multipleOf: 1,
          title: "Seed",
          description: "d",
          default: null,
          "x-extra": 1,
        },
        size: { anyOf: [{ type: "string", enum: ["a"] }, { type: "null" }], examples: ["a"] },
      },
      required: ["seed"],
      "x-fal-order-properties": ["size", "seed"],
    });
    expect(parsed.properties?.seed).toMatchObject({ title: "Seed", "x-extra": 1 });
    expect(parsed["x-fal-order-properties"]).toEqual(["size", "seed"]);
  });

  it.each([[{ properties: { a: { minimum: "0" } } }], [{ properties: { a: { multipleOf: 0 } } }], [{ required: "a" }]])(
    "rejects %o",
    (bad) => {
      expect(jsonObjectSchemaSchema.safeParse(bad).success).toBe(false);
    },
  );

  it("parses a tool document with components.schemas", () => {
    const doc = toolSchemaDocumentSchema.parse({
      openapi: "3.0.4",
      components: { schemas: { XInput: { properties: { a: { type: "string" } } } } },
    });
    expect(toolInputSchema(doc).properties).toHaveProperty("a");
  });
});

describe("toolInputSchema", () => {
  it.each([
    ["the document itself when it has properties", { properties: { a: {} } }, ["a"]],
    ["the *Input schema", { components: { schemas: { Output: { properties: { o: {} } }, FooInput: { properties: { i: {} } } } } }, ["i"]],
    [
      "else the first non-output schema",
      { components: { schemas: { FooOutput: { properties: { o: {} } }, Params: { properties: { p: {} } } } } },
      ["p"],
    ],
    ["else an empty schema", { components: { schemas: {} } }, []],
  ])("takes %s", (_, doc, names) => {
    expect(Object.keys(toolInputSchema(doc).properties ?? {})).toEqual(names);
  });
});

describe("resolveProperty", () => {
  it.each([
    ["a type list", { type: ["null", "number"] }, { type: "number" }],
    ["a missing type from the enum", { enum: ["a", "b"] }, { type: "string" }],
    ["a missing type from the default", { default: 2 }, { type: "number" }],
    ["anyOf: the enum branch first", { anyOf: [{ type: "integer" }, { type: "string", enum: ["x"] }] }, { type: "string", enum: ["x"] }],
    ["anyOf: a primitive before an object", { anyOf: [{ type: "object" }, { type: "null" }, { type: "boolean" }] }, { type: "boolean" }],
    [
      "anyOf: outer keys win",
      { title: "Outer", anyOf: [{ type: "number", title: "Inner", minimum: 1 }] },
      { type: "number", title: "Outer", minimum: 1 },
    ],
    ["anyOf: only null", { anyOf: [{ type: "null" }] }, {}],
  ] as [string, JsonSchemaProperty, object][])("resolves %s", (_, p, expected) => {
    const resolved = resolveProperty(p);
    expect(resolved).toMatchObject(expected);
    expect(resolved).not.toHaveProperty("anyOf");
  });

  it("follows $ref through the resolver and stops on cycles", () => {
    const schemas: Record<string, JsonSchemaProperty> = { Loop: { $ref: "Loop" }, Size: { type: "string", enum: ["s"] } };
    const refs = (ref: string) => schemas[ref];
    expect(resolveProperty({ $ref: "Size", description: "d" }, refs)).toEqual({ type: "string", enum: ["s"], description: "d" });
    expect(() => resolveProperty({ $ref: "Loop" }, refs)).not.toThrow();
  });
});

describe("orderedPropertyNames", () => {
  it("puts vendor order, then required, then the rest, ignoring unknown names", () => {
    const schema = { properties: { a: {}, b: {}, c: {}, d: {} }, required: ["d", "zz"], "x-fal-order-properties": ["c", "missing", "a"] };
    expect(orderedPropertyNames(schema)).toEqual(["c", "a", "d", "b"]);
  });
});
