// The report as one self-contained HTML page (no scripts, no requests): diffusion curves, the
// relationship graph before and after, the coordination table, hallucination, TrueSkill bars with
// the paper's values beside them, and every judgement with its reason.
import type { Density, EvalReport, SeedResult, Spread } from "../../shared/evalReport.ts";
import { formatClock, formatDate } from "../../shared/time.ts";

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number, d = 2) => x.toFixed(d);
const ms = (s: Spread, f: (x: number) => string) =>
  s.n > 1 ? `${f(s.mean)} ± ${f(s.sd)}` : f(s.mean);
const COLORS = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#db2777"];

function diffusionChart(r: EvalReport, k: number): string {
  const W = 460,
    H = 220,
    L = 44,
    B = 30,
    T = 12,
    R = 12;
  const st = r.scenario.studies[k];
  const series = r.seeds.map((s) => s.diffusion[k].points);
  const times = series.flat().map((p) => p.time);
  if (times.length === 0) return "";
  const t0 = Math.min(...times),
    t1 = Math.max(...times, t0 + 1);
  const x = (t: number) => L + ((t - t0) / (t1 - t0)) * (W - L - R);
  const y = (v: number) => H - B - v * (H - B - T);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (v) =>
        `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/><text x="${L - 6}" y="${y(v) + 4}" text-anchor="end" font-size="10">${v * 100}%</text>`,
    )
    .join("");
  // Labels no closer than 70 px, so late checkpoints (the end after a half-day) do not overprint.
  let lastX = -Infinity;
  const labelled = series[0].filter((p) =>
    x(p.time) - lastX >= 70 ? ((lastX = x(p.time)), true) : false,
  );
  const ticks = labelled
    .map(
      (p) =>
        `<text x="${x(p.time)}" y="${H - B + 14}" text-anchor="middle" font-size="9">${esc(`${formatDate(p.time).slice(0, 3)} ${formatClock(p.time)}`)}</text>`,
    )
    .join("");
  const lines = series
    .map(
      (pts, i) =>
        `<polyline fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="2" points="${pts.map((p) => `${x(p.time).toFixed(1)},${y(p.share).toFixed(1)}`).join(" ")}"/>` +
        pts
          .map(
            (p) =>
              `<circle cx="${x(p.time).toFixed(1)}" cy="${y(p.share).toFixed(1)}" r="3" fill="${COLORS[i % COLORS.length]}"><title>seed ${r.seeds[i].seed}: ${p.informed}/${p.total}</title></circle>`,
          )
          .join(""),
    )
    .join("");
  const paper = r.paper.diffusion[st.id];
  const anchor = paper
    ? `<line x1="${x(t0)}" y1="${y(paper.start)}" x2="${x(t1)}" y2="${y(paper.end)}" stroke="#111" stroke-dasharray="5 4"/><text x="${x(t1) - 4}" y="${y(paper.end) - 6}" text-anchor="end" font-size="10">paper ${pct(paper.start)} → ${pct(paper.end)}</text>`
    : "";
  return `<figure><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="diffusion of ${esc(st.label)}">${grid}${ticks}${anchor}${lines}</svg><figcaption>${esc(st.label)}: informed residents over time (one line per seed; dashed: the paper)</figcaption></figure>`;
}

function graph(d: Density, names: Map<string, string>, title: string): string {
  const S = 300,
    C = S / 2,
    Rad = S / 2 - 40;
  const ids = [...names.keys()].sort();
  const pos = new Map(
    ids.map((id, i) => [
      id,
      [
        C + Rad * Math.cos((2 * Math.PI * i) / ids.length - Math.PI / 2),
        C + Rad * Math.sin((2 * Math.PI * i) / ids.length - Math.PI / 2),
      ] as const,
    ]),
  );
  const edges = d.edges
    .map(([a, b]) => {
      const [x1, y1] = pos.get(a) ?? [C, C];
      const [x2, y2] = pos.get(b) ?? [C, C];
      return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#93c5fd" stroke-width="1"/>`;
    })
    .join("");
  const nodes = ids
    .map((id) => {
      const [x, y] = pos.get(id)!;
      const lx = C + (Rad + 16) * ((x - C) / Rad),
        ly = C + (Rad + 16) * ((y - C) / Rad);
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4" fill="#1d4ed8"><title>${esc(names.get(id))}</title></circle><text x="${lx.toFixed(1)}" y="${(ly + 3).toFixed(1)}" text-anchor="middle" font-size="8">${esc((names.get(id) ?? id).split(" ")[0])}</text>`;
    })
    .join("");
  return `<figure><svg viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${esc(title)}">${edges}${nodes}</svg><figcaption>${esc(title)}: η = ${num(d.eta, 3)} (${d.edges.length} mutual pairs, ${d.oneSided} one-sided)</figcaption></figure>`;
}

function trueskillBars(r: EvalReport): string {
  if (r.summary.trueskill.length === 0) return "<p>No interview battery in this scenario.</p>";
  const rows = [
    ...r.summary.trueskill.map((t) => ({
      label: t.condition,
      ours: t.mu.mean,
      sd: t.mu.sd,
      paper: r.paper.trueskill[t.condition],
    })),
    { label: "human crowdworker", ours: NaN, sd: 0, paper: r.paper.trueskill["human crowdworker"] },
  ];
  const max = Math.max(35, ...rows.map((x) => (Number.isFinite(x.ours) ? x.ours + x.sd : 0)));
  const W = 520,
    row = 34,
    L = 170;
  const w = (v: number) => ((W - L - 60) * v) / max;
  const bars = rows
    .map((x, i) => {
      const y = 10 + i * row;
      const ours = Number.isFinite(x.ours)
        ? `<rect x="${L}" y="${y}" width="${w(x.ours).toFixed(1)}" height="12" fill="#2563eb"/><text x="${L + w(x.ours) + 4}" y="${y + 10}" font-size="10">${num(x.ours)}${x.sd ? ` ± ${num(x.sd)}` : ""}</text>`
        : `<text x="${L}" y="${y + 10}" font-size="10" fill="#6b7280">(not run here)</text>`;
      const paper =
        x.paper !== undefined
          ? `<rect x="${L}" y="${y + 14}" width="${w(x.paper).toFixed(1)}" height="10" fill="#9ca3af"/><text x="${L + w(x.paper) + 4}" y="${y + 23}" font-size="10" fill="#374151">paper ${num(x.paper)}</text>`
          : "";
      return `<text x="${L - 6}" y="${y + 14}" text-anchor="end" font-size="11">${esc(x.label)}</text>${ours}${paper}`;
    })
    .join("");
  return `<figure><svg viewBox="0 0 ${W} ${rows.length * row + 16}" width="${W}" height="${rows.length * row + 16}" role="img" aria-label="TrueSkill">${bars}</svg><figcaption>TrueSkill μ of each memory condition (blue: this run, mean ± sd over seeds; grey: the paper)</figcaption></figure>`;
}

function coordinationTable(r: EvalReport, names: Map<string, string>): string {
  const parts: string[] = [];
  for (const c of r.summary.coordination) {
    const label = r.scenario.studies.find((s) => s.id === c.study)?.label ?? c.study;
    const perSeed = r.seeds
      .map((s) => s.coordination.find((x) => x.study === c.study))
      .filter((x) => !!x);
    parts.push(
      `<h3>${esc(label)}</h3><table><tr><th>seed</th><th>invited</th><th>attended (invited)</th><th>attended (not invited)</th><th>no-show: conflicting plan</th><th>no plan made</th><th>forgot</th></tr>${perSeed.map((x, i) => `<tr><td>${r.seeds[i].seed}</td><td>${x.invited}</td><td>${x.attendedInvited}</td><td>${x.attendedUninvited}</td><td>${x.noShows["conflicting plan"] ?? 0}</td><td>${x.noShows["no plan made"] ?? 0}</td><td>${x.noShows.forgot ?? 0}</td></tr>`).join("")}<tr class="paper"><td>paper</td><td>${r.paper.coordination.invited}</td><td>${r.paper.coordination.attended}</td><td>–</td><td>3</td><td>4</td><td>–</td></tr></table>`,
    );
    const first = perSeed[0];
    if (first) {
      const rows = first.rows.filter((x) => x.invited || x.attended);
      parts.push(
        `<details><summary>Residents, seed ${r.seeds[0].seed} (${rows.length} invited or present)</summary><table><tr><th>resident</th><th>invited</th><th>minutes there</th><th>attended</th><th>why not</th><th>plan while it ran</th></tr>${rows.map((x) => `<tr><td>${esc(names.get(x.resident) ?? x.resident)}</td><td>${x.invited ? "yes" : ""}</td><td>${num(x.minutes, 0)}</td><td>${x.attended ? "yes" : ""}</td><td>${esc(x.reason ?? "")}</td><td>${esc(x.plan.join("; "))}</td></tr>`).join("")}</table></details>`,
      );
    }
  }
  return parts.join("") || "<p>No event with a time and place in this scenario.</p>";
}

function judgementTable(s: SeedResult, names: Map<string, string>): string {
  const kinds = ["diffusion", "relationship", "battery"] as const;
  return kinds
    .map((k) => {
      const js = s.judgements.filter((j) => j.kind === k);
      if (js.length === 0) return "";
      return `<details><summary>${esc(k)} judgements, seed ${s.seed} (${js.length})</summary><table class="judgements"><tr><th>time</th><th>resident</th><th>about</th><th>question</th><th>answer</th><th>verdict</th><th>reason</th></tr>${js.map((j) => `<tr><td>${esc(`${formatDate(j.time).slice(0, 3)} ${formatClock(j.time)}`)}</td><td>${esc(names.get(j.resident) ?? j.resident)}</td><td>${esc(names.get(j.subject) ?? j.subject)}</td><td>${esc(j.question ?? "")}</td><td>${esc(j.answer ?? "")}</td><td>${esc(j.better ?? (j.knows ? (j.supported ? "knows" : "knows, unsupported") : "does not know"))}</td><td>${esc(j.reason)}</td></tr>`).join("")}</table></details>`;
    })
    .join("");
}

/** What running the town cost each game day, per seed (the measuring interviews left out), and the minds' settings changed. */
function costTable(r: EvalReport): string {
  const changed = Object.entries(r.scenario.mind);
  const settings = `<p class="meta">Minds' settings changed: ${changed.length ? changed.map(([k, v]) => esc(`${k}=${String(v)}`)).join(", ") : "none (the defaults)"}.</p>`;
  const rows = r.seeds.flatMap((s) =>
    s.days.map(
      (d, k) =>
        `<tr><td>${s.seed}</td><td>${k + 1} (${esc(d.day)})</td><td>${d.calls}</td><td>${d.tokensIn}</td><td>${d.tokensOut}</td></tr>`,
    ),
  );
  return `${settings}<table id="cost-by-day"><tr><th>seed</th><th>game day</th><th>calls</th><th>tokens in</th><th>tokens out</th></tr>${rows.join("")}</table>`;
}

export function renderReportHtml(
  r: EvalReport,
  residents: { id: string; name: string }[] = [],
): string {
  const names = new Map(residents.map((x) => [x.id, x.name]));
  for (const s of r.seeds)
    for (const j of s.judgements) if (!names.has(j.resident)) names.set(j.resident, j.resident);
  const summaryRows = [
    ...r.summary.diffusion.map(
      (d) =>
        `<tr><td>diffusion: ${esc(d.label)}</td><td>${ms(d.start, pct)} → ${ms(d.end, pct)}</td><td>${r.paper.diffusion[d.study] ? `${pct(r.paper.diffusion[d.study].start)} → ${pct(r.paper.diffusion[d.study].end)}` : "–"}</td></tr>`,
    ),
    r.summary.density
      ? `<tr><td>relationship density η</td><td>${ms(r.summary.density.start, (x) => num(x, 3))} → ${ms(r.summary.density.end, (x) => num(x, 3))}</td><td>${r.paper.density.start} → ${r.paper.density.end}</td></tr>`
      : "",
    ...r.summary.coordination.map(
      (c) =>
        `<tr><td>coordination: invited / attended</td><td>${ms(c.invited, (x) => num(x, 1))} / ${ms(c.attended, (x) => num(x, 1))}</td><td>${r.paper.coordination.invited} / ${r.paper.coordination.attended}</td></tr>`,
    ),
    `<tr><td>hallucination: facts</td><td>${ms(r.summary.hallucination.facts, pct)}</td><td>0%</td></tr>`,
    `<tr><td>hallucination: relationships</td><td>${ms(r.summary.hallucination.relationships, pct)}</td><td>${pct(r.paper.hallucination.relationships)}</td></tr>`,
    ...r.summary.trueskill.map(
      (t) =>
        `<tr><td>TrueSkill μ: ${esc(t.condition)}</td><td>${ms(t.mu, (x) => num(x))}</td><td>${r.paper.trueskill[t.condition] ?? "–"}</td></tr>`,
    ),
  ].join("");
  const first = r.seeds[0];
  const graphs = first?.density
    ? `<div class="row">${graph(first.density.start, names, `before (seed ${first.seed})`)}${graph(first.density.end, names, `after (seed ${first.seed})`)}</div>`
    : "<p>Relationships were not asked in this scenario.</p>";
  const marked = r.fallbackMarked
    ? `<p class="warn" id="fallback-mark">Marked: more than 1% of answers came from the offline engine although a model was configured (${r.seeds.map((s) => pct(s.fallbackRate)).join(", ")}).</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Eval ${esc(r.id)}: ${esc(r.scenario.name)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1040px;color:#111;padding:0 16px}
h1{font-size:22px;margin-bottom:4px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #e5e7eb;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f9fafb}tr.paper td{color:#4b5563;font-style:italic}.row{display:flex;flex-wrap:wrap;gap:16px}
figure{margin:8px 0}figcaption{font-size:12px;color:#4b5563}.warn{background:#fef3c7;border:1px solid #f59e0b;padding:6px 10px}
.meta{color:#4b5563}table.judgements td{font-size:12px;max-width:320px}details{margin:6px 0}
</style></head><body>
<h1>${esc(r.scenario.name)} <small class="meta">eval ${esc(r.id)}</small></h1>
<p class="meta">${esc(r.scenario.description)}</p>
<p class="meta">Town ${esc(r.scenario.town)}, ${r.scenario.hours} game hours, ${r.seeds.length} seed${r.seeds.length === 1 ? "" : "s"}; engine: ${esc(r.engine)}; judge: ${esc(r.judge)}; wall time ${num(r.wallSeconds, 1)} s; ${r.llm.calls} calls, ${r.llm.tokensIn} tokens in, ${r.llm.tokensOut} out${r.llm.costUsd ? `, $${num(r.llm.costUsd, 2)}` : ""}. Created ${esc(r.createdAt)}.</p>
${marked}
<p>Replays: ${r.seeds.map((s) => `<a href="/replay/${esc(s.recording)}">seed ${s.seed}</a>`).join(" · ")}</p>
<h2>Summary beside the paper</h2>
<table id="summary"><tr><th>measure</th><th>this run (mean ± sd over seeds)</th><th>paper</th></tr>${summaryRows}</table>
<h2>Information diffusion</h2><div class="row">${r.scenario.studies.map((_, k) => diffusionChart(r, k)).join("")}</div>
<h2>Relationships</h2>${graphs}
<h2>Coordination</h2>${coordinationTable(r, names)}
<h2>Hallucination</h2><table><tr><th>seed</th><th>fact claims</th><th>unsupported</th><th>person claims</th><th>unsupported</th></tr>${r.seeds.map((s) => `<tr><td>${s.seed}</td><td>${s.hallucination.facts.claims}</td><td>${s.hallucination.facts.unsupported} (${pct(s.hallucination.facts.rate)})</td><td>${s.hallucination.relationships.claims}</td><td>${s.hallucination.relationships.unsupported} (${pct(s.hallucination.relationships.rate)})</td></tr>`).join("")}</table>
<h2>Interview battery (TrueSkill)</h2>${trueskillBars(r)}
<h2>Cost by game day</h2>${costTable(r)}
<h2>Judgements</h2><p class="meta">Every verdict with its reason (the JSON report holds the same, and the battery's answers).</p>${r.seeds.map((s) => judgementTable(s, names)).join("")}
</body></html>
`;
}
