/**
 * The parts of OpenAI's API the engine uses, as documented: POST /v1/images/generations (JSON) and
 * /v1/images/edits (multipart, image[] files) answer {created, data: [{b64_json}]}; POST /v1/responses
 * answers a response whose output holds a message with output_text parts. `Authorization: Bearer`.
 * Errors are {error: {message, type, code}}; a used-up balance is 429 'insufficient_quota'.
 */
import { bearer, type FakeServer, sendJson, startFakeServer } from "./fakeServer";
import { samplePng } from "./sampleMedia";

export interface OpenAIEdit {
  fields: Record<string, string>;
  files: { name: string; type: string; bytes: Buffer }[];
}

export type OpenAIFake = FakeServer & { edits: OpenAIEdit[]; insufficientQuota: boolean };

const ERRORS: Record<number, unknown> = {
  401: {
    error: {
      message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    },
  },
  402: { error: { message: "Payment required.", type: "billing_error", param: null, code: "payment_required" } },
  404: { error: { message: "Not found.", type: "invalid_request_error", param: null, code: null } },
  429: { error: { message: "Rate limit reached for requests.", type: "requests", param: null, code: "rate_limit_exceeded" } },
};

export async function startOpenAIFake(options: { key: string }): Promise<OpenAIFake> {
  const edits: OpenAIEdit[] = [];
  let fake: OpenAIFake | undefined;

  const server = await startFakeServer({
    errorBody: (status) =>
      ERRORS[status] ?? {
        error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null },
      },
    authorized: bearer(options.key),
    async handle({ req, res, url, body, json }) {
      if (req.method !== "POST") return false;
      if (fake?.insufficientQuota) {
        return sendJson(res, 429, {
          error: {
            message: "You exceeded your current quota, please check your plan and billing details.",
            type: "insufficient_quota",
            param: null,
            code: "insufficient_quota",
          },
        });
      }
      if (url.pathname === "/v1/images/generations") {
        const input = json() as { n?: number; output_format?: string };
        return sendJson(res, 200, images(input.n ?? 1, "gen", input.output_format));
      }
      if (url.pathname === "/v1/images/edits") {
        // Parse the multipart body the way any server would (here: undici's own parser).
        const form = await new Response(new Uint8Array(body), {
          headers: { "content-type": req.headers["content-type"] ?? "" },
        }).formData();
        const edit: OpenAIEdit = { fields: {}, files: [] };
        for (const [name, value] of form.entries()) {
          if (typeof value === "string") edit.fields[name] = value;
          else edit.files.push({ name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
        }
        edits.push(edit);
        return sendJson(res, 200, images(Number(edit.fields.n ?? 1), "edit", edit.fields.output_format));
      }
      if (url.pathname === "/v1/responses") {
        const input = json() as { input: { content: { type: string; text?: string }[] }[] };
        const text = input.input[0]?.content.find((c) => c.type === "input_text")?.text ?? "";
        return sendJson(res, 200, {
          id: "resp_1",
          object: "response",
          status: "completed",
          output: [
            { type: "reasoning", id: "rs_1", summary: [] },
            {
              type: "message",
              id: "msg_1",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: `INT. ${text.toUpperCase()}`, annotations: [] }],
            },
          ],
          usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
        });
      }
      return false;
    },
  });

  function images(n: number, tag: string, format = "png") {
    return {
      created: 1_700_000_000,
      output_format: format,
      data: Array.from({ length: n }, (_, i) => ({ b64_json: samplePng(`${tag}-${i}`).toString("base64") })),
      usage: { input_tokens: 10, output_tokens: 100, total_tokens: 110 },
    };
  }

  fake = Object.assign(server, { edits, insufficientQuota: false });
  return fake;
}
