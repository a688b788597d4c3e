// ad-hoc (not committed): first diverging page between ours and the reference
import { readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { importScript } from "../importScript";
import { renderScreenplayPdf } from "../pdf";
import { pageKeys } from "./pageBreaks";
const [dir, name, n] = process.argv.slice(2);
const pages = (f: string) => spawnSync("pdftotext", ["-layout", f, "-"], { encoding: "utf8", maxBuffer: 1 << 26 }).stdout.split("\f");
const script = importScript("fdx", readFileSync(`${dir}/${name}.fdx`));
const pdf = await renderScreenplayPdf(script, { sceneNumbers: "both" });
writeFileSync(`/tmp/h32/${name}.pdf`, pdf);
let ref: string[];
try { ref = pages(`${dir}/${name}.pdf`); if (ref.length < 2) throw 0; } catch { ref = JSON.parse(readFileSync(`${dir}/${name}.pages.json`, "utf8")).pages.map((p: any) => p.text); }
const ours = pages(`/tmp/h32/${name}.pdf`);
writeFileSync(`/tmp/h32/${name}.ours.txt`, ours.join("\n=====PAGE=====\n"));
writeFileSync(`/tmp/h32/${name}.ref.txt`, ref.join("\n=====PAGE=====\n"));
const rk = pageKeys(ref), ok = pageKeys(ours);
const off = Number(n ?? 0);
for (let i = 0; i < Math.max(rk.length, ok.length); i++) console.log(String(i).padStart(3), (rk[i] ?? "").padEnd(50).slice(0, 50), rk[i] === ok[i + off] ? "==" : "!=", ok[i + off] ?? "");
