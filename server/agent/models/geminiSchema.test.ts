import { describe, expect, it } from "vitest";
import { decodeJsonTextFields, geminiParametersOf } from "./geminiSchema";

describe("Gemini function parameters", () => {
  it("turns JSON Schema into Gemini's OpenAPI subset", () => {
    const { schema } = geminiParametersOf({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      additionalProperties: false,
      required: ["kind", "gone"],
      properties: {
        kind: { type: "string", enum: ["image", "video"], description: "What it holds." },
        op: { const: "add-node" },
        inputs: { type: "array", default: [], maxItems: 20, items: { type: "string", minLength: 1, pattern: "^x" } },
        steps: { type: ["integer", "null"], minimum: 1, maximum: 50 },
        title: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    });
    expect(schema).toEqual({
      type: "OBJECT",
      required: ["kind"],
      properties: {
        kind: { type: "STRING", format: "enum", enum: ["image", "video"], description: "What it holds." },
        op: { type: "STRING", format: "enum", enum: ["add-node"] },
        inputs: { type: "ARRAY", maxItems: 20, items: { type: "STRING" } },
        steps: { type: "INTEGER", nullable: true, minimum: 1, maximum: 50 },
        title: { type: "STRING", nullable: true },
      },
    });
  });

  it("asks for a free-form object as JSON text and reads it back", () => {
    const { schema, jsonTextPaths } = geminiParametersOf({
      type: "object",
      properties: {
        node: { type: "string" },
        set: {
          type: "object",
          properties: {
            parameters: { type: "object", propertyNames: { type: "string" }, additionalProperties: {}, description: "Settings." },
          },
        },
      },
    });
    expect(jsonTextPaths).toEqual([["set", "parameters"]]);
    expect((schema.properties as any).set.properties.parameters).toEqual({
      type: "STRING",
      description: expect.stringMatching(/^Settings\. Written as JSON object text/),
    });

    expect(decodeJsonTextFields({ node: "a", set: { parameters: '{"steps": 4}' } }, jsonTextPaths)).toEqual({
      node: "a",
      set: { parameters: { steps: 4 } },
    });
    // Text that is not a JSON object is left as it is, for the call's check to refuse with a reason.
    expect(decodeJsonTextFields({ set: { parameters: "four steps" } }, jsonTextPaths)).toEqual({ set: { parameters: "four steps" } });
    // A model that sends an object anyway is read as it is.
    expect(decodeJsonTextFields({ set: { parameters: { steps: 4 } } }, jsonTextPaths)).toEqual({ set: { parameters: { steps: 4 } } });
  });
});
