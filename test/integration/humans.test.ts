// People in the town (issue 5), through SDK clients on a real server: every message of every
// role, allowed and refused. Each refusal comes back as an error { code, message } and changes
// nothing. The clock is paused while people talk, so residents stay where they are; people's talks
// run in real time and go on while it is paused.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import { memoriesOf, walkUpTo, type Person } from "../helpers/people.ts";
import { sleep } from "../helpers/wait.ts";
import { avatarAt, doingOf, talkingToOf } from "../../shared/state.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });
let mod: Person;
/** The resident people talk to: the one nearest the visitors' spawn. */
let resident: string;
/** A visitor who stays near the resident between tests (walking across town takes seconds). */
let bea: Person;

beforeAll(async () => {
  mod = await t.join("Mo", "moderator", "sesame");
  await waitFor("a few steps", () => mod.room.state.clock.step >= 3);
  await t.pause(mod);
  const spawn = t.server.host.town.map.spawns.get("visitors")!;
  resident = t.server.host.town
    .agentViews()
    .sort(
      (a, b) => Math.hypot(a.x - spawn.x, a.y - spawn.y) - Math.hypot(b.x - spawn.x, b.y - spawn.y),
    )[0].id;
});

const nameOf = (id: string) => t.server.host.town.persona(id)!.name;

describe("visitors talk to residents", () => {
  it("a resident out of range cannot hear; up close it stops, answers in character, remembers, and walks on after goodbye", async () => {
    const jane = await t.join("Jane");
    const bystander = (bea = await t.join("Bea"));
    // From the spawn the resident is far away.
    let n = jane.inbox.error.length;
    jane.room.send("say", { agentId: resident, text: "Hello there!" });
    expect(await jane.nextError(n)).toMatchObject({
      code: "too_far",
      type: "say",
      message: expect.stringContaining("too far"),
    });
    expect(talkingToOf(jane.room.state, jane.room.state.agents.get(resident)!)).toBe("");

    // Both walk up (Bea will try to cut in).
    await Promise.all([
      walkUpTo(t.server, jane, resident),
      walkUpTo(t.server, bystander, resident),
    ]);
    const news = "There will be a bake sale at the Willow Green tomorrow at 10 am, tell everyone!";
    jane.room.send("say", { agentId: resident, text: news });
    // Everybody sees the words and the answer (bubbles), and the resident turns to Jane.
    await waitFor("Bea sees Jane's words", () =>
      bystander.inbox.avatar_said.find((m) => m.avatarId === jane.id),
    );
    // Her name is the state's (every client has every person's), not sent with each line.
    const line = bystander.inbox.avatar_said.at(-1)!;
    expect(line).toMatchObject({ avatarId: jane.id, to: resident, text: news });
    expect(line).not.toHaveProperty("name");
    const reply = await waitFor("the resident's answer", () =>
      bystander.inbox.agent_said.find((m) => m.agentId === resident && m.to === jane.id),
    );
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.text).toMatch(/bake sale/i); // it answers the content
    await waitFor("Jane gets it too", () => jane.inbox.agent_said.find((m) => m.to === jane.id));
    await waitFor(
      "the resident turns to Jane",
      () => talkingToOf(jane.room.state, jane.room.state.agents.get(resident)!) === jane.id,
    );
    // As her page shows it: the room sends whom it talks with, the page writes the words.
    const doing = () => doingOf(jane.room.state, jane.room.state.agents.get(resident)!);
    expect(doing().emoji).toBe("💬");
    expect(doing().action).toMatch(/Jane/);

    // Remembered as said by Jane, quoted, at once.
    const mems = await memoriesOf(t.server, resident);
    const heard = mems.find((m) => m.type === "chat" && m.description.includes("bake sale"));
    expect(heard?.description).toMatch(/^Jane \(a visitor\) said to .+: ".*bake sale.*"$/);
    expect(heard!.importance).toBeGreaterThanOrEqual(6);

    // Nobody is locked out: Bea joins the talk by speaking, and is answered in turn; both hear everything.
    n = bystander.inbox.error.length;
    bystander.room.send("say", { agentId: resident, text: "Excuse me, may I join?" });
    const members = await waitFor("Bea in the talk", () =>
      bystander.inbox.chat_members.find((m) => m.members.some((x) => x.id === bystander.id)),
    );
    expect(members.members.map((m) => m.id).sort()).toEqual(
      [resident, jane.id, bystander.id].sort(),
    );
    // Bea, who just joined, is given the talk so far (Jane's news); Jane, there already, is told
    // who joined without the lines she has on her screen.
    expect(members.lines.map((l) => l.text)).toContain(news);
    const toJane = await waitFor("Jane told Bea joined", () =>
      jane.inbox.chat_members.find((m) => m.members.some((x) => x.id === bystander.id)),
    );
    expect(toJane.lines).toEqual([]);
    await waitFor("Jane sees Bea's words", () =>
      jane.inbox.avatar_said.find((m) => m.avatarId === bystander.id && m.chat === members.chat),
    );
    await waitFor("an answer to Bea", () =>
      bystander.inbox.agent_said.find((m) => m.agentId === resident && m.to === bystander.id),
    );
    expect(bystander.inbox.error.slice(n)).toEqual([]);

    // A question is answered from memories.
    const before = jane.inbox.agent_said.length;
    jane.room.send("say", { agentId: resident, text: "Who are you?" });
    const answer = await waitFor("an answer", () =>
      jane.inbox.agent_said.slice(before).find((m) => m.agentId === resident && m.to === jane.id),
    );
    expect(answer.text).toContain("I'm " + nameOf(resident));
    // Bea hears the answer to Jane too (a line of their talk).
    await waitFor("Bea hears it", () =>
      bystander.inbox.agent_said.find((m) => m.text === answer.text && m.to === jane.id),
    );

    // Goodbyes: Bea leaves the talk, the resident stays with Jane; Jane's goodbye ends it.
    bystander.room.send("say", { agentId: resident, text: "Goodbye!" });
    await waitFor("Bea's goodbye answered and her talk over", () =>
      bystander.inbox.chat_ended.find((m) => m.agentId === resident && m.avatarId === bystander.id),
    );
    expect(talkingToOf(jane.room.state, jane.room.state.agents.get(resident)!)).not.toBe("");
    jane.room.send("say", { agentId: resident, text: "Goodbye!" });
    const ended = await waitFor("chat_ended", () =>
      jane.inbox.chat_ended.find((m) => m.agentId === resident && m.avatarId === jane.id),
    );
    expect(ended).toEqual({ agentId: resident, avatarId: jane.id });
    await waitFor("Jane is told goodbye", () =>
      /goodbye/i.test(jane.inbox.agent_said.filter((m) => m.to === jane.id).at(-1)!.text),
    );
    await waitFor(
      "talkingTo cleared",
      () => talkingToOf(jane.room.state, jane.room.state.agents.get(resident)!) === "",
    );
    // Bea, beside them, saw the talk end in the state; the message was Jane's alone.
    await waitFor(
      "Bea sees the resident free",
      () => talkingToOf(bystander.room.state, bystander.room.state.agents.get(resident)!) === "",
    );
    expect(bystander.inbox.chat_ended.filter((m) => m.avatarId === jane.id)).toEqual([]);

    // The talk is summed up when the mind next ticks: the clock runs again, the resident walks on.
    mod.room.send("control", { action: "resume" });
    await waitFor("a new action", () => /^(?!.*Jane).+/.test(doing().action), 10_000);
    const summary = await waitFor("a summary of the talk", async () =>
      (await memoriesOf(t.server, resident)).find(
        (m) => m.type === "chat" && /conversing/.test(m.description) && /Jane/.test(m.description),
      ),
    );
    // A group talk is remembered with everyone in it.
    expect(summary.description).toMatch(
      /Jane \(a visitor to the town\) and Bea \(a visitor to the town\) were conversing/,
    );
    await t.pause(mod);
  });

  it("walking away ends the talk", async () => {
    const kim = bea ?? (await t.join("Kim"));
    const spot = await walkUpTo(t.server, kim, resident);
    kim.room.send("say", { agentId: resident, text: "Hi!" });
    await waitFor(
      `an answer (errors: ${JSON.stringify(kim.inbox.error)})`,
      () =>
        kim.inbox.agent_said.find((m) => m.to === kim.id) ||
        (kim.inbox.error.length > 0 && kim.inbox.error),
    );
    await waitFor(
      "the resident turns to Kim",
      () => talkingToOf(kim.room.state, kim.room.state.agents.get(resident)!) === kim.id,
    );
    // Walk to a tile 5 to 6 tiles from the resident, back the way Kim came.
    const r = t.server.host.town.agent(resident)!;
    const map = t.server.host.town.map;
    const away = [];
    for (let y = r.y - 6; y <= r.y + 6; y++)
      for (let x = r.x - 6; x <= r.x + 6; x++)
        if (Math.max(Math.abs(x - r.x), Math.abs(y - r.y)) >= 5 && map.isWalkable(x, y))
          away.push({ x, y });
    away.sort(
      (a, b) => Math.hypot(a.x - spot.x, a.y - spot.y) - Math.hypot(b.x - spot.x, b.y - spot.y),
    );
    kim.room.send("move", away[0]);
    await waitFor("chat_ended", () => kim.inbox.chat_ended.find((m) => m.avatarId === kim.id));
    await waitFor(
      "the resident is free",
      () => talkingToOf(kim.room.state, kim.room.state.agents.get(resident)!) === "",
    );
    // Kim had not walked more than a few tiles when the talk ended.
    const at = avatarAt(kim.room.state.avatars.get(kim.id))!;
    expect(Math.max(Math.abs(at.x - spot.x), Math.abs(at.y - spot.y))).toBeLessThanOrEqual(6);
  });

  it("refuses words that are too long, and unknown residents", async () => {
    const lee = await t.join("Lee");
    let n = lee.inbox.error.length;
    lee.room.send("say", { agentId: resident, text: "x".repeat(MAX_TEXT_LENGTH + 1) });
    expect(await lee.nextError(n)).toMatchObject({
      code: "bad_message",
      type: "say",
      message: expect.stringMatching(/^say: text/),
    });
    n = lee.inbox.error.length;
    lee.room.send("say", { agentId: "nobody", text: "hello" });
    expect(await lee.nextError(n)).toMatchObject({ code: "not_found", type: "say" });
    const mems = await memoriesOf(t.server, resident);
    expect(mems.some((m) => m.description.includes("Lee"))).toBe(false);
  });
});

describe("reporters interview residents", () => {
  it("answers from any distance; on the record it is remembered, off the record nothing is written", async () => {
    const rita = await t.join("Rita", "reporter");
    const agent = t.server.host.town.agentViews().find((a) => a.id !== resident)!.id;
    const before = await memoriesOf(t.server, agent);
    rita.room.send("interview", { agentId: agent, question: "Who are you?", offTheRecord: true });
    const off = await waitFor("an answer", () => rita.inbox.interview_answer[0]);
    expect(off).toMatchObject({ agentId: agent, question: "Who are you?", offTheRecord: true });
    expect(off.answer).toContain(nameOf(agent));
    expect(await memoriesOf(t.server, agent)).toEqual(before);

    rita.room.send("interview", { agentId: agent, question: "What are your plans for today?" });
    const on = await waitFor("a second answer", () => rita.inbox.interview_answer[1]);
    expect(on).toMatchObject({ agentId: agent, offTheRecord: false });
    expect(on.answer.length).toBeGreaterThan(5);
    const mems = await memoriesOf(t.server, agent);
    expect(mems[0].description).toMatch(
      /^Rita \(a reporter\) interviewed .+, asking "What are your plans for today\?"/,
    );
  });

  it("refuses visitors, unknown residents and overlong questions", async () => {
    const vic = await t.join("Vic");
    let n = vic.inbox.error.length;
    vic.room.send("interview", { agentId: resident, question: "Who are you?" });
    expect(await vic.nextError(n)).toMatchObject({
      code: "forbidden",
      type: "interview",
      message: expect.stringContaining("visitor"),
    });
    const rex = await t.join("Rex", "reporter");
    n = rex.inbox.error.length;
    rex.room.send("interview", { agentId: "nobody", question: "Who are you?" });
    expect(await rex.nextError(n)).toMatchObject({ code: "not_found", type: "interview" });
    n = rex.inbox.error.length;
    rex.room.send("interview", { agentId: resident, question: "?".repeat(MAX_TEXT_LENGTH + 1) });
    expect(await rex.nextError(n)).toMatchObject({ code: "bad_message", type: "interview" });
    n = rex.inbox.error.length;
    rex.room.send("interview", { agentId: resident, question: "Who?", offTheRecord: "yes" } as any);
    expect(await rex.nextError(n)).toMatchObject({
      code: "bad_message",
      message: expect.stringMatching(/offTheRecord/),
    });
    expect(vic.inbox.interview_answer).toHaveLength(0);
    expect(rex.inbox.interview_answer).toHaveLength(0);
  });
});

describe("moderators change the world", () => {
  it("sets an object's state for everybody to see, and clears it", async () => {
    const viv = await t.join("Viv");
    const address = t.server.host.town.map
      .addresses()
      .find((a) => a.split(":").length === 4 && /cafe counter/.test(a))!;
    mod.room.send("set_object_state", { address, state: "out of coffee" });
    const seen = await waitFor("object_state_set", () =>
      viv.inbox.object_state_set.find((m) => m.address === address),
    );
    expect(seen).toEqual({ address, state: "out of coffee", by: "Mo" });
    await waitFor(
      "in the state",
      () => viv.room.state.objects.get(address)?.state === "out of coffee",
    );
    expect(viv.room.state.objects.get(address)!.by).toBe("Mo");
    mod.room.send("set_object_state", { address, state: "idle" });
    await waitFor("cleared", () => !viv.room.state.objects.get(address));
    expect(viv.inbox.object_state_set.at(-1)).toEqual({ address, state: "", by: "Mo" });
  });

  it("refuses object changes from others and unknown objects", async () => {
    const ned = await t.join("Ned", "reporter");
    const address = t.server.host.town.map.addresses().find((a) => a.split(":").length === 4)!;
    let n = ned.inbox.error.length;
    ned.room.send("set_object_state", { address, state: "on fire" });
    expect(await ned.nextError(n)).toMatchObject({ code: "forbidden", type: "set_object_state" });
    n = mod.inbox.error.length;
    mod.room.send("set_object_state", {
      address: "Willowbrook:Nowhere:void:thing",
      state: "on fire",
    });
    expect(await mod.nextError(n)).toMatchObject({ code: "not_found", type: "set_object_state" });
    n = mod.inbox.error.length;
    const arena = address.split(":").slice(0, 3).join(":");
    mod.room.send("set_object_state", { address: arena, state: "on fire" });
    expect(await mod.nextError(n)).toMatchObject({ code: "not_found" });
    n = mod.inbox.error.length;
    mod.room.send("set_object_state", { address, state: "x".repeat(200) });
    expect(await mod.nextError(n)).toMatchObject({ code: "bad_message" });
    expect(ned.room.state.objects.get(address)).toBeUndefined();
  });

  it("whispers an inner voice, remembered as the resident's own thought", async () => {
    const agent = t.server.host.town.agentViews().at(-1)!.id;
    mod.room.send("whisper", { agentId: agent, text: "You want to run for mayor" });
    const done = await waitFor("whisper_done", () => mod.inbox.whisper_done[0]);
    expect(done.agentId).toBe(agent);
    expect(done.thought).toMatch(new RegExp(`${nameOf(agent)} wants? to run for mayor`, "i"));
    const mems = await memoriesOf(t.server, agent);
    expect(mems.find((m) => m.type === "thought" && m.description === done.thought)).toBeTruthy();
  });

  it("refuses whispers from others and to unknown residents", async () => {
    const wes = await t.join("Wes");
    const agent = t.server.host.town.agentViews()[0].id;
    const before = await memoriesOf(t.server, agent);
    let n = wes.inbox.error.length;
    wes.room.send("whisper", { agentId: agent, text: "You hate everyone" });
    expect(await wes.nextError(n)).toMatchObject({ code: "forbidden", type: "whisper" });
    n = mod.inbox.error.length;
    mod.room.send("whisper", { agentId: "nobody", text: "hello" });
    expect(await mod.nextError(n)).toMatchObject({ code: "not_found", type: "whisper" });
    expect(await memoriesOf(t.server, agent)).toEqual(before);
  });

  it("controls the clock for everybody; others may not", async () => {
    const ola = await t.join("Ola", "reporter");
    const n = ola.inbox.error.length;
    ola.room.send("control", { action: "resume" });
    expect(await ola.nextError(n)).toMatchObject({ code: "forbidden", type: "control" });
    expect(ola.room.state.clock.running).toBe(false);
    mod.room.send("control", { action: "speed", value: 20 });
    await waitFor("everyone sees the speed", () => ola.room.state.clock.speed === 20);
    mod.room.send("control", { action: "resume" });
    const step = ola.room.state.clock.step;
    await waitFor(
      "the clock runs",
      () => ola.room.state.clock.running && ola.room.state.clock.step > step,
    );
    mod.room.send("control", { action: "speed", value: 10 });
    mod.room.send("control", { action: "pause" });
    await waitFor("paused again", () => !ola.room.state.clock.running);
  });

  it("keeps moderators' acts (whispers, the clock) and interviews on the record in the recording, for replays", async () => {
    mod.room.send("control", { action: "resume" });
    type Steps = [
      number,
      number,
      {
        kind: string;
        action?: string;
        by?: string;
        agentId?: string;
        thought?: string;
        question?: string;
        answer?: string;
      }[],
    ][];
    let interviews: Steps[number][2] = [];
    const acts = await waitFor(
      "the acts to be flushed into the recording",
      async () => {
        const [rec] = (await (await fetch(`${t.server.url}/api/recordings`)).json()) as {
          id: string;
          fromStep: number;
          toStep: number;
        }[];
        if (!rec || rec.toStep <= rec.fromStep) return undefined;
        const from = Math.max(rec.fromStep + 1, rec.toStep - 599);
        const steps = (await (
          await fetch(
            `${t.server.url}/api/recordings/${rec.id}/steps?from=${from}&to=${rec.toStep}`,
          )
        ).json()) as Steps;
        const all = steps.flatMap(([, , events]) => events);
        interviews = all.filter((e) => e.kind === "interviewed");
        const found = all.filter((e) => e.kind === "moderated");
        const actions = new Set(found.map((e) => e.action));
        return ["whisper", "speed", "pause", "resume"].every((a) => actions.has(a))
          ? found
          : undefined;
      },
      20_000,
    );
    expect(acts.map((e) => e.action)).toEqual(
      expect.arrayContaining(["whisper", "speed", "pause", "resume"]),
    );
    expect(acts.every((e) => e.by === "Mo")).toBe(true);
    // The whisper, with what the resident now thinks of it.
    expect(acts.find((e) => e.action === "whisper")).toMatchObject({
      agentId: expect.any(String),
      thought: expect.stringMatching(/\w/),
    });
    // Rita's interview on the record is there, with its answer; the one off the record is not.
    expect(interviews.map((e) => e.question)).toEqual(["What are your plans for today?"]);
    expect(interviews[0]).toMatchObject({
      by: "Rita (a reporter)",
      answer: expect.stringMatching(/\w{3}/),
    });
    mod.room.send("control", { action: "pause" });
  });
});

describe("limits", () => {
  it("answers a flood with rate_limited and keeps serving the client", async () => {
    const flo = await t.join("Flo");
    const n = flo.inbox.error.length;
    for (let i = 0; i < 30; i++) flo.room.send("say", { agentId: "nobody", text: `hello ${i}` });
    await waitFor("30 answers", () => flo.inbox.error.length >= n + 30);
    const codes = flo.inbox.error.slice(n).map((e) => e.code);
    expect(codes.filter((c) => c === "not_found").length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c === "not_found").length).toBeLessThanOrEqual(6);
    expect(codes.filter((c) => c === "rate_limited").length).toBeGreaterThanOrEqual(24);
    expect(flo.inbox.error.find((e) => e.code === "rate_limited")!.message).toMatch(
      /too many messages/,
    );
    // Other message types have their own budget, and the say budget refills.
    const spawn = t.server.host.town.map.spawns.get("visitors")!;
    const me = avatarAt(flo.room.state.avatars.get(flo.id))!;
    flo.room.send("move", { x: me.x === spawn.x ? spawn.x + 1 : spawn.x, y: spawn.y });
    // Time on purpose: the say budget refills after a second.
    await sleep(1_100);
    const m = flo.inbox.error.length;
    flo.room.send("say", { agentId: "nobody", text: "again" });
    expect(await flo.nextError(m)).toMatchObject({ code: "not_found" });
  });

  it("shows the engine in use", async () => {
    expect(mod.room.state.engine).toBe("offline");
    expect(mod.room.state.engineStatus).toBe("offline");
    expect(mod.inbox.welcome[0]).toMatchObject({ role: "moderator", engine: "offline" });
  });
});
